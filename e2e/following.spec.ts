import { expect, test, type Page } from '@playwright/test';
import { createTakeViaApi, expectSignedIn, newAccount, signUpThroughUi } from './support/accounts';
import { saveScreen, VIEWPORTS } from './support/screens';
import { takeCards } from './support/take-lists';

const followingTab = (page: Page) => page.getByRole('navigation', { name: 'Feeds' }).getByRole('link', { name: 'Following' });
const bell = (page: Page, name: string) => page.getByRole('link', { name, exact: true });

test('B follows A and reads A’s new take under Following; A hears of the follow and of B’s comment, and the bell clears', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const a = newAccount();
  const b = newAccount();
  const pageA = await (await browser.newContext()).newPage();
  const pageB = await (await browser.newContext()).newPage();
  await signUpThroughUi(pageA, a);
  await signUpThroughUi(pageB, b);

  await pageA.getByRole('link', { name: `Your profile (${a.username})` }).click();
  await expect(pageA.getByRole('heading', { level: 1, name: a.username })).toBeVisible();
  await pageB.goto(new URL(pageA.url()).pathname);
  await expectSignedIn(pageB, b);
  await pageB.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(pageB.getByRole('button', { name: 'Following' })).toBeVisible();

  const take = await createTakeViaApi(request, a, `Followed fan's take ${Date.now()}`);

  await pageB.goto('/');
  await expectSignedIn(pageB, b);
  await followingTab(pageB).click();
  await expect(pageB).toHaveURL(/[?&]feed=following/);
  await expect(followingTab(pageB)).toHaveAttribute('aria-current', 'page');
  await expect(pageB.getByRole('heading', { level: 1, name: 'Following' })).toBeVisible();
  const card = takeCards(pageB).filter({ has: pageB.getByRole('heading', { level: 2, name: take.title }) });
  await expect(card).toBeVisible();
  for (const viewport of VIEWPORTS) {
    await pageB.setViewportSize(viewport);
    await saveScreen(pageB, 'following-feed');
  }
  // A new take by someone B follows is no notification.
  await expect(bell(pageB, 'Notifications')).toBeVisible();

  // A's bell counts the follow.
  await pageA.reload();
  await expectSignedIn(pageA, a);
  await expect(bell(pageA, 'Notifications (1 unread)')).toBeVisible();
  await expect(bell(pageA, 'Notifications (1 unread)')).toContainText('1');

  await card.getByRole('button', { name: 'Comments 0' }).click();
  const comments = card.getByRole('region', { name: 'Comments' });
  await comments.getByLabel('Add a comment').fill('Following you for takes like this one.');
  await comments.getByRole('button', { name: 'Post' }).click();
  await expect(comments.getByRole('article', { name: `Comment by ${b.username}` })).toBeVisible();

  // A's tab refreshes its count when it regains focus.
  await pageA.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(bell(pageA, 'Notifications (2 unread)')).toBeVisible();
  await bell(pageA, 'Notifications (2 unread)').click();
  await expect(pageA).toHaveURL(/\/notifications$/);
  const items = pageA.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText(`${b.username} commented on your take`);
  await expect(items.first()).toContainText(take.title);
  await expect(items.first()).toContainText('Following you for takes like this one.');
  await expect(items.nth(1)).toContainText(`${b.username} started following you`);
  // Opening the page read them: the bell clears, and this visit still shows which were new.
  await expect(bell(pageA, 'Notifications')).toBeVisible();
  await expect(items.getByText('New', { exact: true })).toHaveCount(2);
  for (const viewport of VIEWPORTS) {
    await pageA.setViewportSize(viewport);
    await saveScreen(pageA, 'notifications');
  }
  await pageA.getByRole('button', { name: 'Mark all read' }).click();
  await expect(items.getByText('New', { exact: true })).toHaveCount(0);
  await expect(pageA.getByRole('button', { name: 'Mark all read' })).toBeDisabled();

  await items.first().getByRole('link').click();
  await expect(pageA).toHaveURL(new RegExp(`/takes/${take._id}$`));

  // B did nothing anyone notifies B about.
  await pageB.goto('/notifications');
  await expect(pageB.getByText(/^Nothing yet\./)).toBeVisible();
});

test('with nobody followed, Following suggests the most-followed fans, and following one fills it', async ({ page }) => {
  test.setTimeout(120_000);
  const account = newAccount();
  await signUpThroughUi(page, account);
  await page.goto('/?feed=following');
  await expectSignedIn(page, account);
  await expect(page.getByText('Nothing here yet')).toBeVisible();
  const suggestions = page.getByRole('region', { name: 'Fans worth following' });
  await expect(suggestions.getByRole('listitem')).toHaveCount(5);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await saveScreen(page, 'following-empty');
  }
  await suggestions
    .getByRole('button', { name: /^Follow / })
    .first()
    .click();
  await expect(takeCards(page).first()).toBeVisible();
});

test('signed out, the Following tab asks the visitor to sign in', async ({ page }) => {
  await page.clock.install();
  await page.goto('/?feed=following');
  const prompt = page.getByRole('dialog', { name: 'Create an account!' });
  await expect(prompt).toContainText('You need to be signed into an account to perform this action.');
  // The ten-second invitation does not retitle the prompt the visitor is reading.
  await page.clock.fastForward(11_000);
  // Two frames: whatever the timer changed is on screen before the text is read again.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(prompt).toContainText('You need to be signed into an account to perform this action.');
  await page.keyboard.press('Escape');
  await expect(page.getByText('See takes from the fans you follow')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/sign-up');
  // The other tab is the sorted feed, rendered on the server.
  await page.getByRole('navigation', { name: 'Feeds' }).getByRole('link', { name: 'For you' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hot takes' })).toBeVisible();
  await expect(takeCards(page).first()).toBeVisible();
});
