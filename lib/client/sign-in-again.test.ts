import { returnPath, signInAgainHref } from '@/lib/client/sign-in-again';

const SITE = 'https://takes.example';
/** Where a browser lands when the app pushes `path` from a page of the site (Next's router resolves it as `URL` does). */
const landing = (path: string) => new URL(path, `${SITE}/sign-in?again=1`);

describe('returnPath', () => {
  it('keeps a path on this site, with its query and fragment', () => {
    expect(returnPath('/account', SITE)).toBe('/account');
    expect(returnPath('/profile/abc?tab=calls#top', SITE)).toBe('/profile/abc?tab=calls#top');
    expect(returnPath(`${SITE}/account`, SITE)).toBe('/account');
  });

  it('sends anything that is not a single value home', () => {
    expect(returnPath(undefined, SITE)).toBe('/');
    expect(returnPath(['/account', '/terms'], SITE)).toBe('/');
    expect(returnPath('', SITE)).toBe('/');
  });

  // Each as the page receives it: searchParams has already decoded the query once.
  const hostile = [
    '/\t/evil.example/login',
    '/\n/evil.example/login',
    '/\r\n/evil.example/login',
    '\t//evil.example/login',
    ' //evil.example',
    '//evil.example/login',
    '///evil.example/login',
    '/\\evil.example/login',
    '\\\\evil.example/login',
    '\\/evil.example/login',
    '/\\/evil.example/login',
    '/./\\evil.example',
    '/.//evil.example/login',
    '/..//evil.example/login',
    '/%2e//evil.example/login',
    'https://evil.example/login',
    'HTTPS://evil.example',
    'https:evil.example',
    'https://takes.example@evil.example/',
    'https://takes.example.evil.example/',
    'http://takes.example/account',
    'javascript:alert(document.domain)',
    'java\tscript:alert(1)',
    ' javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'blob:https://evil.example/x',
    '/%09/evil.example/login',
    '/%5Cevil.example',
    '/%2F%2Fevil.example',
    '%2F%2Fevil.example',
  ];

  it.each(hostile)('never leaves the site for %j', (value) => {
    const path = returnPath(value, SITE);
    expect(path.startsWith('/')).toBe(true);
    expect(path).not.toMatch(/^\/[/\\]/);
    expect(path).not.toMatch(/[\t\n\r]/);
    expect(landing(path).origin).toBe(SITE);
  });

  it('sends another origin home rather than to a path of it', () => {
    expect(returnPath('https://evil.example/account', SITE)).toBe('/');
    expect(returnPath('//evil.example/account', SITE)).toBe('/');
    expect(returnPath('/\t/evil.example/login', SITE)).toBe('/');
    expect(returnPath('javascript:alert(1)', SITE)).toBe('/');
  });

  it('reads back what signInAgainHref wrote', () => {
    const href = new URL(signInAgainHref('/account'), SITE);
    expect(returnPath(href.searchParams.get('next') ?? undefined, SITE)).toBe('/account');
  });
});
