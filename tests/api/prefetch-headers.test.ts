import { PLAYER, postTake, signUp } from '@/tests/support/api';

/**
 * Issue #38 item 6: the security headers do not depend on what a request says about itself. A prefetch (a browser's
 * `Purpose: prefetch`, Next's router prefetch, an RSC request with or without its router state) is answered with the
 * same CSP, X-Frame-Options, nosniff and HSTS as a navigation: a browser may keep a prefetched document and show it
 * later, and what it shows must be framed, sniffed and scripted under the same rules.
 */

const base = () => process.env.API_BASE_URL!;

// The router state of a client navigation to a page, as Next's router sends it.
const stateTree = encodeURIComponent(JSON.stringify(['', { children: ['__PAGE__', {}, null, null] }, null, null, true]));

const CLAIMS: Record<string, Record<string, string>> = {
  'a navigation': {},
  'Purpose: prefetch': { Purpose: 'prefetch' },
  'Sec-Purpose: prefetch': { 'Sec-Purpose': 'prefetch' },
  'next-router-prefetch': { 'next-router-prefetch': '1' },
  RSC: { RSC: '1' },
  'RSC with the router state': { RSC: '1', 'Next-Router-State-Tree': stateTree },
  'an RSC prefetch': { RSC: '1', 'next-router-prefetch': '1', 'Next-Router-State-Tree': stateTree },
  'a segment prefetch': { RSC: '1', 'next-router-prefetch': '1', 'next-router-segment-prefetch': '/_tree' },
};

let pages: string[];
beforeAll(async () => {
  const author = await signUp('prefetch');
  const take = await postTake(author, { title: 'Prefetched take' });
  pages = ['/', '/trending', `/takes/${take._id}`, `/players/${PLAYER.id}`, `/profile/${author._id}`, '/sign-in', '/no-such-page'];
});

describe.each(Object.entries(CLAIMS))('a page requested as %s', (_claim, claim) => {
  it('carries CSP, X-Frame-Options, nosniff and HSTS', async () => {
    for (const page of pages) {
      // Behind TLS, as a proxy in front of the server says (HSTS is sent on HTTPS only).
      const response = await fetch(`${base()}${page}`, {
        headers: { Accept: 'text/html', 'X-Forwarded-Proto': 'https', ...claim },
        redirect: 'manual',
      });
      const headers = response.headers;
      const where = `${page} (${response.status}, ${headers.get('content-type')})`;
      expect({ where, csp: headers.get('content-security-policy') }).toEqual({
        where,
        csp: expect.stringMatching(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'.*frame-ancestors 'none'/),
      });
      expect({ where, xfo: headers.get('x-frame-options') }).toEqual({ where, xfo: 'DENY' });
      expect({ where, nosniff: headers.get('x-content-type-options') }).toEqual({ where, nosniff: 'nosniff' });
      expect({ where, hsts: headers.get('strict-transport-security') }).toEqual({ where, hsts: expect.stringContaining('max-age=') });
      const body = await response.text();
      if ((headers.get('content-type') ?? '').includes('text/html')) {
        // A document's scripts run under its own header's nonce, so a kept prefetch works as the navigation would.
        const nonce = /'nonce-([^']+)'/.exec(headers.get('content-security-policy')!)![1];
        const scripts = body.match(/<script\b[^>]*>/g) ?? [];
        expect(scripts.length).toBeGreaterThan(0);
        for (const script of scripts) expect({ where, script }).toEqual({ where, script: expect.stringContaining(`nonce="${nonce}"`) });
      }
    }
  });
});

describe('an API answer', () => {
  it.each([
    ['a list', '/api/takes'],
    ['a refusal', '/api/takes?limit=0'],
    ['a missing take', '/api/takes/0123456789abcdef01234567'],
  ])('carries nosniff, X-Frame-Options, a policy that allows nothing and HSTS behind TLS: %s', async (_what, path) => {
    const response = await fetch(`${base()}${path}`, { headers: { 'X-Forwarded-Proto': 'https' } });
    await response.arrayBuffer();
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('strict-transport-security')).toContain('max-age=');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends HSTS only over HTTPS, and keeps the request id a proxy gave it', async () => {
    const response = await fetch(`${base()}/api/takes`, { headers: { 'X-Request-Id': 'edge-7f3a' } });
    await response.arrayBuffer();
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(response.headers.get('x-request-id')).toBe('edge-7f3a');
  });
});
