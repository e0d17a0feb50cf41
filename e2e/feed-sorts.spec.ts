import { expect, test } from '@playwright/test';
import { closeSignUpInvitation } from './support/invitation';
import { saveScreen, VIEWPORTS } from './support/screens';
import { apiTitles, expectTitles, shownTitles, takeCards } from './support/take-lists';

const EMPTY = 'No takes yet. Be the first to post one!';

test('the feed switches sorts in the URL, renders each on the server and pages each with Load More', async ({ page, request }) => {
  test.setTimeout(90_000);
  // The ten-second sign-up invitation is not what this journey checks.
  await closeSignUpInvitation(page);

  await page.goto('/');
  const sorts = page.getByRole('group', { name: 'Sort takes' });
  await expect(sorts.getByRole('radio', { name: 'Hot' })).toBeChecked();
  await expect(page.getByRole('group', { name: 'Top takes from' })).toHaveCount(0);
  await expectTitles(page, await apiTitles(request, '/api/takes?sort=hot'), EMPTY);

  await sorts.getByRole('radio', { name: 'Spiciest' }).check();
  await expect(page).toHaveURL(/\/\?sort=spicy$/);
  await expect(page.getByText('Takes that split the room: lots of reactions, close to 50/50.')).toBeVisible();
  const spicy = await apiTitles(request, '/api/takes?sort=spicy&limit=20');
  await expectTitles(page, spicy.slice(0, 10), EMPTY);
  await page.getByRole('button', { name: 'Load More' }).click();
  await expect(takeCards(page)).toHaveCount(20);
  expect(await shownTitles(page)).toEqual(spicy);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreen(page, 'feed-spiciest');
  }

  // Top has a window; it shows only with Top and leaves the URL with it.
  await sorts.getByRole('radio', { name: 'Top' }).check();
  const topWindow = page.getByRole('group', { name: 'Top takes from' });
  await expect(topWindow.getByRole('radio', { name: 'All Time' })).toBeChecked();
  await topWindow.getByRole('radio', { name: 'Past Week' }).check();
  await expect(page).toHaveURL(/\/\?sort=top&time=week$/);
  await expectTitles(page, await apiTitles(request, '/api/takes?sort=top&timeRange=week'), EMPTY);

  // The address alone reproduces the view, rendered on the server.
  await page.reload();
  await expect(topWindow.getByRole('radio', { name: 'Past Week' })).toBeChecked();
  await expectTitles(page, await apiTitles(request, '/api/takes?sort=top&timeRange=week'), EMPTY);

  await sorts.getByRole('radio', { name: 'Best' }).check();
  await expect(page).toHaveURL(/\/\?sort=best$/);
  await expectTitles(page, await apiTitles(request, '/api/takes?sort=best'), EMPTY);
  await sorts.getByRole('radio', { name: 'New' }).check();
  await expectTitles(page, await apiTitles(request, '/api/takes?sort=new'), EMPTY);
  await sorts.getByRole('radio', { name: 'Hot' }).check();
  await expect(page).toHaveURL(/\/$/);
});

test('a take’s comments read New first and Best on request', async ({ page, request }) => {
  // The most-discussed take of the seed has enough comments to tell the orders apart.
  const takes: { _id: string; commentsCount: number }[] = await (await request.get('/api/takes?sort=hot&limit=50')).json();
  const busiest = takes.sort((a, b) => b.commentsCount - a.commentsCount)[0]!;
  /** Who wrote each top-level comment, in the order the API gives. */
  const authors = async (sort: string) =>
    (
      (await (await request.get(`/api/comments?postID=${busiest._id}&sort=${sort}`)).json()).comments as { user: { username: string } }[]
    ).map((c) => `Comment by ${c.user.username}`);
  await page.goto(`/takes/${busiest._id}`);
  const comments = page.getByRole('region', { name: 'Comments' });
  const shown = () => comments.locator(':scope > ul > li > article').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label')));
  await expect(comments.getByRole('radio', { name: 'New' })).toBeChecked();
  await expect.poll(shown).toEqual(await authors('new'));
  await comments.getByRole('radio', { name: 'Best' }).check();
  await expect.poll(shown).toEqual(await authors('best'));
  await saveScreen(page, 'comments-best');
});
