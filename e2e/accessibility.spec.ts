import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, signInThroughUi, signUpViaApi } from './support/accounts';

const ROUTES = [
  '/',
  '/feed',
  '/trending',
  '/explore',
  '/sign-in',
  '/sign-up',
  '/privacy',
  '/terms',
  '/players/2544',
  '/teams/nba/1610612738',
  '/topics/mvp-race',
  '/no-such-page',
  '/receipts',
  '/?sort=top',
  '/trending?type=divisive',
  '/games',
];

for (const path of ROUTES) {
  test(`${path} has no serious or critical accessibility violation`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const blocking = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.help} (${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')})`,
      );
    expect(blocking).toEqual([]);
  });
}

test('a take page, a profile page and a game page have no serious or critical accessibility violation', async ({ page, request }) => {
  const [take] = await (await request.get('/api/takes?limit=1')).json();
  const [game] = (await (await request.get('/api/games')).json()).games;
  for (const path of [`/takes/${take._id}`, `/profile/${take.createdBy._id}`, `/shareable-post/${take._id}`, `/games/${game.id}`]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const blocking = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${path} ${v.id}: ${v.help}`);
    expect(blocking).toEqual([]);
  }
});

test('the notifications page (signed in), the Following tab, the account page and the moderation queue have no serious or critical accessibility violation', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const reader = await signUpViaApi(request);
  const fan = await signUpViaApi(request);
  // Something to list: a follow.
  expect((await request.post(`/api/users/${reader.uid}/follow`, { headers: { Authorization: `Bearer ${fan.token}` } })).ok()).toBeTruthy();

  const check = async (page: Page, path: string, ready: string) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: ready })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${path} ${v.id}: ${v.help}`);
  };
  const readerPage = await (await browser.newContext()).newPage();
  await signInThroughUi(readerPage, reader);
  await expect(readerPage.getByRole('link', { name: 'Notifications (1 unread)' })).toBeVisible();
  expect(await check(readerPage, '/notifications', 'Notifications')).toEqual([]);
  expect(await check(readerPage, '/?feed=following', 'Following')).toEqual([]);
  expect(await check(readerPage, '/account', 'Account Settings')).toEqual([]);

  const adminPage = await (await browser.newContext()).newPage();
  await signInThroughUi(adminPage, DEMO_ADMIN);
  expect(await check(adminPage, '/moderation', 'Moderation queue')).toEqual([]);
});
