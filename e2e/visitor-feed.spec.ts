import { expect, test, type Page } from '@playwright/test';
import { closeSignUpInvitation } from './support/invitation';
import { saveScreen, VIEWPORTS } from './support/screens';

const feedCards = (page: Page) => page.getByRole('list', { name: 'Takes' }).locator(':scope > li');

test('a visitor reads the feed, pages with Load More and opens a take with its comments', async ({ page }) => {
  // The ten-second invitation (tested below) may open on a slow machine; it is not what this journey checks.
  const invitation = await closeSignUpInvitation(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Hot takes' })).toBeVisible();
  await expect(feedCards(page)).toHaveCount(10);
  const first = feedCards(page).first();
  await expect(first.getByRole('heading', { level: 2 })).not.toBeEmpty();
  await expect(first.getByRole('link').first()).toHaveAttribute('href', /^\/profile\/[a-f0-9]{24}$/);

  await page.getByRole('button', { name: 'Load More' }).click();
  await expect(feedCards(page)).toHaveCount(20);
  const titles = await feedCards(page).getByRole('heading', { level: 2 }).allTextContents();
  expect(new Set(titles).size).toBe(20);

  // The most-discussed take on the first page has more than one page of comments.
  const title = first.getByRole('heading', { level: 2 });
  const takeTitle = (await title.textContent()) ?? '';
  await title.getByRole('link').click();
  await expect(page).toHaveURL(/\/takes\/[a-f0-9]{24}$/);
  await expect(page.getByRole('heading', { level: 1, name: takeTitle })).toBeVisible();
  const comments = page.getByRole('region', { name: 'Comments' });
  await expect(comments.getByRole('article').first()).toBeVisible();
  const before = await comments.getByRole('article').count();
  const loadMore = comments.getByRole('button', { name: 'Load More Comments' });
  if (await loadMore.isVisible()) {
    await loadMore.click();
    await expect.poll(() => comments.getByRole('article').count()).toBeGreaterThan(before);
  }

  // Acting without an account invites the visitor to sign up.
  await page.removeLocatorHandler(invitation);
  await page
    .getByRole('button', { name: /^Like \d+$/ })
    .first()
    .click();
  await expect(invitation).toContainText('You need to be signed into an account to perform this action.');
});

test('a lingering visitor is invited to sign up after ten seconds', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign up' })).toBeVisible();
  const prompt = page.getByRole('dialog', { name: 'Create an account!' });
  await page.clock.fastForward(9_000);
  await expect(prompt).toBeHidden();
  await page.clock.fastForward(1_500);
  await expect(prompt).toContainText('Join the fun. Sign up to share your NBA hot takes.');
});

test('a missing take says so with a 404, and unlisted paths fall back to the feed', async ({ page }) => {
  const missing = await page.goto('/takes/000000000000000000000000');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'No take found' })).toBeVisible();

  const unlisted = await page.goto('/no-such-page');
  expect(unlisted?.status()).toBe(404);
  await expect(feedCards(page)).toHaveCount(10);
  await expect(page.locator('meta[name="robots"]').first()).toHaveAttribute('content', /noindex/);
});

test("the footer's copyright line opens and closes the legal links, by click and by keyboard", async ({ page }) => {
  await page.goto('/terms');
  const footer = page.getByRole('contentinfo');
  const line = footer.getByText(`© ${new Date().getFullYear()} Takes. All rights reserved.`);
  const privacy = footer.getByRole('link', { name: 'Privacy Policy' });
  await expect(line).toBeVisible();
  await expect(privacy).toBeHidden();

  await line.click();
  await expect(privacy).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Terms of Service' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', /^mailto:/);
  await line.click();
  await expect(privacy).toBeHidden();

  await line.focus();
  await page.keyboard.press('Enter');
  await expect(privacy).toBeVisible();
  await privacy.click();
  await expect(page).toHaveURL(/\/privacy$/);

  // Not on a shareable post (docs/product.md#screens).
  const [take] = await (await page.request.get('/api/takes?limit=1')).json();
  await page.goto(`/shareable-post/${take._id}`);
  await expect(page.getByRole('heading', { level: 1, name: take.title })).toBeVisible();
  await expect(page.getByText('All rights reserved.')).toHaveCount(0);
});

test('a shareable post shows the take under the name it was shared with', async ({ page, request }) => {
  const [take] = await (await request.get('/api/takes?limit=1')).json();
  await page.goto(`/shareable-post/${take._id}?entityName=${encodeURIComponent('Shared Name')}`);
  await expect(page.getByRole('heading', { level: 1, name: take.title })).toBeVisible();
  await expect(page.getByText('Shared Name')).toBeVisible();

  await page.goto('/shareable-post/000000000000000000000000');
  await expect(page.getByText('Take not found.')).toBeVisible();
});

for (const viewport of VIEWPORTS) {
  test(`screens for review at ${viewport.width}x${viewport.height}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await expect(feedCards(page)).toHaveCount(10);
    await saveScreen(page, 'home-feed');

    const card = feedCards(page).first();
    const commentsToggle = card.getByRole('button', { name: /^Comments \d/ });
    await commentsToggle.click();
    await expect(card.getByRole('region', { name: 'Comments' }).getByRole('article').first()).toBeVisible();
    await commentsToggle.scrollIntoViewIfNeeded();
    await saveScreen(page, 'take-expanded');

    const title = (await card.getByRole('heading', { level: 2 }).textContent()) ?? '';
    await card.getByRole('heading', { level: 2 }).getByRole('link').click();
    await expect(page).toHaveURL(/\/takes\/[a-f0-9]{24}$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Comments' }).getByRole('article').first()).toBeVisible();
    await saveScreen(page, 'take-page');

    await page.getByRole('button', { name: 'Take options' }).click();
    await expect(page.getByRole('menuitem', { name: 'Report' })).toBeVisible();
    await saveScreen(page, 'take-options');
    await page.getByRole('menuitem', { name: 'Report' }).click();
    await page.getByRole('dialog', { name: 'Report Take' }).getByRole('textbox').fill('Off-topic spam');
    await saveScreen(page, 'report-take');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Share' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Share Post' })).toBeVisible();
    await saveScreen(page, 'share-post');
  });
}

test('the feed puts a just-posted take on top and offers newer takes found by its minute poll', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  await expect(feedCards(page)).toHaveCount(10);

  // The Create New Take modal announces a new take with this event. The feed listens once it has hydrated, which
  // can be after its cards are visible, so the announcement is repeated until it lands (the feed dedupes by id).
  const posted = 'Just posted from the create modal';
  await expect(async () => {
    await page.evaluate(async (title) => {
      const [take] = await (await fetch('/api/takes?limit=1')).json();
      window.dispatchEvent(new CustomEvent('takes:created', { detail: { ...take, _id: 'f'.repeat(24), title } }));
    }, posted);
    await expect(feedCards(page).first().getByRole('heading', { level: 2 })).toHaveText(posted, { timeout: 1000 });
  }).toPass();

  // The next poll of the newest take, and the first page read again, answer with a take newer than anything on screen.
  const newer = { _id: 'e'.repeat(24), createdAt: new Date(Date.now() + 3_600_000).toISOString() };
  await page.route(/\/api\/takes\/newest$/, (route) => route.fulfill({ json: { newest: newer } }));
  await page.route(/\/api\/takes$/, async (route) => {
    const takes = await (await route.fetch()).json();
    await route.fulfill({ json: [{ ...takes[0], ...newer, title: 'Newer than anything on screen' }, ...takes.slice(1)] });
  });
  // A minute on the page also brings the sign-up invitation; it is closed to reach the banner.
  await closeSignUpInvitation(page);
  await page.clock.fastForward(60_000);
  const banner = page.getByRole('status').filter({ hasText: 'New data available!' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Refresh' }).click();
  await expect(banner).toBeHidden();
  await expect(feedCards(page).first().getByRole('heading', { level: 2 })).toHaveText('Newer than anything on screen');
});
