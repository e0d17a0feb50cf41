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
