import { expect, test } from '@playwright/test';
import { signUpViaApi } from './support/accounts';

const PAGES = [
  '/',
  '/trending',
  '/explore',
  '/sign-in',
  '/sign-up',
  '/privacy',
  '/terms',
  '/players/2544',
  '/teams/nba/1610612738',
  '/no-such-page',
];

test('main pages send the security headers and raise no CSP violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load|connect|apply)/i.test(message.text()))
      violations.push(`${page.url()}: ${message.text()}`);
  });
  for (const path of PAGES) {
    const response = await page.goto(path);
    const headers = response!.headers();
    expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expect(headers['content-security-policy']).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
    await page.waitForLoadState('networkidle');
  }
  expect(violations).toEqual([]);
});

test("a take's comments are read off the page's thread, in a worker the policy allows", async ({ page, request }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  const started = page.waitForEvent('worker');
  const feed = (await (await request.get('/api/takes?sort=hot&limit=50')).json()) as { _id: string; commentsCount: number }[];
  const discussed = feed.reduce((most, take) => (take.commentsCount > most.commentsCount ? take : most));
  expect(discussed.commentsCount).toBeGreaterThan(0);
  await page.goto(`/takes/${discussed._id}`);
  await expect(page.getByRole('region', { name: 'Comments' }).getByRole('article').first()).toBeVisible();
  const worker = await started;
  expect(new URL(worker.url()).origin).toBe(new URL(page.url()).origin);
  // The schemas' code (zod with them) is fetched by the worker and never by the page.
  const fetched = (scope: { evaluate<T>(f: () => T): Promise<T> }) =>
    scope.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name.split('#')[0]!));
  const byWorker = (await fetched(worker)).filter((url) => url.endsWith('.js'));
  expect(byWorker.length).toBeGreaterThan(0);
  const byPage = new Set(await fetched(page));
  expect(byWorker.filter((url) => !byPage.has(url)).length).toBeGreaterThan(0);
  expect(violations).toEqual([]);
});

test('a take titled with markup shows the characters and runs nothing', async ({ page, request }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const headers = { Authorization: `Bearer ${(await signUpViaApi(request)).token}` };
  const title = '<img src=x onerror=alert(1)>';
  const created = await request.post('/api/takes', {
    headers,
    data: { title, description: '<script>alert(2)</script>', entityType: 'team', team: 1610612738, tags: [1610612738] },
  });
  expect(created.status()).toBe(201);
  await page.goto(`/takes/${(await created.json())._id}`);
  await expect(page.getByText(title).first()).toBeVisible();
  await expect(page.getByText('<script>alert(2)</script>').first()).toBeVisible();
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(dialogs).toEqual([]);
});
