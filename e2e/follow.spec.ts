import { expect, test, type Page } from '@playwright/test';
import { expectSignedIn, newAccount, signUpThroughUi } from './support/accounts';
import { profileCount } from './support/profile';
import { saveScreen, VIEWPORTS } from './support/screens';

async function openOwnProfile(page: Page, username: string): Promise<string> {
  await page.getByRole('link', { name: `Your profile (${username})` }).click();
  await expect(page.getByRole('heading', { level: 1, name: username })).toBeVisible();
  return new URL(page.url()).pathname;
}

test('a second fan follows the first, and both profiles count it', async ({ browser }) => {
  test.setTimeout(120_000);
  const first = newAccount();
  const second = newAccount();
  const firstPage = await (await browser.newContext()).newPage();
  const secondPage = await (await browser.newContext()).newPage();
  await signUpThroughUi(firstPage, first);
  await signUpThroughUi(secondPage, second);

  // One's own profile offers Account Settings and no Follow button.
  const firstProfile = await openOwnProfile(firstPage, first.username);
  await expect(firstPage.getByRole('link', { name: 'Account Settings' })).toHaveAttribute('href', '/account');
  await expect(firstPage.getByRole('button', { name: 'Follow' })).toHaveCount(0);
  await expect(profileCount(firstPage, 'Followers')).toHaveText('0');
  await expect(firstPage.getByText('No posts yet')).toBeVisible();

  await secondPage.goto(firstProfile);
  await expectSignedIn(secondPage, second);
  const follow = secondPage.getByRole('button', { name: 'Follow', exact: true });
  await expect(follow).toBeEnabled();
  await follow.click();
  await expect(secondPage.getByRole('button', { name: 'Following' })).toBeVisible();
  await expect(profileCount(secondPage, 'Followers')).toHaveText('1');
  for (const viewport of VIEWPORTS) {
    await secondPage.setViewportSize(viewport);
    await saveScreen(secondPage, 'profile-following');
  }

  await firstPage.reload();
  await expectSignedIn(firstPage, first);
  await expect(profileCount(firstPage, 'Followers')).toHaveText('1');
  await expect(profileCount(firstPage, 'Following')).toHaveText('0');

  await openOwnProfile(secondPage, second.username);
  await expect(profileCount(secondPage, 'Following')).toHaveText('1');

  // Unfollowing takes it back.
  await secondPage.goto(firstProfile);
  await secondPage.getByRole('button', { name: 'Following' }).click();
  await expect(secondPage.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
  await expect(profileCount(secondPage, 'Followers')).toHaveText('0');
});

test('a visitor is asked to sign up before following, and an unknown profile is a 404', async ({ page }) => {
  const response = await page.goto('/profile/000000000000000000000000');
  expect(response?.status()).toBe(404);

  const feed = await page.request.get('/api/takes?limit=1');
  const [take] = (await feed.json()) as { createdBy: { _id: string; username: string } }[];
  await page.goto(`/profile/${take!.createdBy._id}`);
  await expect(page.getByRole('heading', { level: 1, name: take!.createdBy.username })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Takes' }).locator(':scope > li').first()).toBeVisible();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await saveScreen(page, 'profile');
  }
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Create an account!' })).toContainText(
    'You need to be signed into an account to perform this action.',
  );
});
