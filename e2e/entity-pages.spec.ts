import { expect, test, type APIRequestContext } from '@playwright/test';
import { FEED_PAGE_SIZE } from '@/lib/constants';
import { saveScreen, VIEWPORTS } from './support/screens';
import { apiTitles, expectTitles, shownTitles } from './support/take-lists';

const EMPTY = 'No takes available for this player or team';
// An entity page's first page holds FEED_PAGE_SIZE takes (Load More brings the rest): the API is asked for as many.

/** The trending player or team with the most takes, so that orders can differ. */
async function busiest(request: APIRequestContext, type: 'players' | 'teams') {
  const topics = (await (await request.get(`/api/takes/topics/trending?type=${type}`)).json()) as { topic: number; name: string }[];
  let best = { id: 0, name: '', count: -1 };
  for (const topic of topics) {
    const count = (await apiTitles(request, `/api/${type}/${topic.topic}?limit=50`)).length;
    if (count > best.count) best = { id: topic.topic, name: topic.name, count };
  }
  expect(best.count).toBeGreaterThanOrEqual(3);
  return best;
}

test('a player page sorts and filters its takes through the URL', async ({ page, request }) => {
  const player = await busiest(request, 'players');
  const api = (query: string) => apiTitles(request, `/api/players/${player.id}?limit=${FEED_PAGE_SIZE}&${query}`);

  await page.goto(`/players/${player.id}`);
  await expect(page.getByRole('heading', { level: 1, name: player.name })).toBeVisible();
  await expect(page.getByLabel('Sort')).toHaveValue('newest');
  await expect(page.getByRole('radio', { name: 'All Time' })).toBeChecked();
  const newest = await api('sort=newest');
  await expectTitles(page, newest, EMPTY);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await saveScreen(page, 'player-page');
  }

  await page.getByLabel('Sort').selectOption({ label: 'Oldest' });
  await expect(page).toHaveURL(/[?&]sort=oldest/);
  await expectTitles(page, await api('sort=oldest'), EMPTY);

  await page.getByLabel('Sort').selectOption({ label: 'Most Liked' });
  await expect(page).toHaveURL(/[?&]sort=likes/);
  await expectTitles(page, await api('sort=likes'), EMPTY);

  await page.getByRole('radio', { name: 'Past Week' }).check();
  await expect(page).toHaveURL(/sort=likes&time=week/);
  await expectTitles(page, await api('sort=likes&timeRange=week'), EMPTY);
  expect((await shownTitles(page)).length).toBeLessThanOrEqual(newest.length);

  // Back to the defaults: the plain address again.
  await page.getByLabel('Sort').selectOption({ label: 'Newest' });
  await page.getByRole('radio', { name: 'All Time' }).check();
  await expect(page).toHaveURL(new RegExp(`/players/${player.id}$`));
  await expectTitles(page, newest, EMPTY);
});

test('a team page sorts and filters its takes, under both of its addresses', async ({ page, request }) => {
  const team = await busiest(request, 'teams');
  const api = (query: string) => apiTitles(request, `/api/teams/${team.id}?limit=${FEED_PAGE_SIZE}&${query}`);

  await page.goto(`/teams/${team.id}?sort=comments`);
  await expect(page.getByRole('heading', { level: 1, name: team.name })).toBeVisible();
  await expect(page.getByLabel('Sort')).toHaveValue('comments');
  await expectTitles(page, await api('sort=comments'), EMPTY);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/teams/nba/${team.id}$`));

  await page.goto(`/teams/nba/${team.id}`);
  const newest = await api('sort=newest');
  await expectTitles(page, newest, EMPTY);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await saveScreen(page, 'team-page');
  }

  await page.getByLabel('Sort').selectOption({ label: 'Oldest' });
  await expect(page).toHaveURL(/[?&]sort=oldest/);
  await expectTitles(page, await api('sort=oldest'), EMPTY);

  await page.getByRole('radio', { name: 'Past 12h' }).check();
  await expect(page).toHaveURL(/sort=oldest&time=12h/);
  await expectTitles(page, await api('sort=oldest&timeRange=12h'), EMPTY);
});

test('unknown players, teams and topics answer 404', async ({ page }) => {
  for (const path of ['/players/1', '/players/not-a-number', '/teams/nba/1', '/teams/1', '/topics/no-such-topic']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
  const topic = await page.goto('/topics/mvp-race');
  expect(topic?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'MVP Race' })).toBeVisible();
});
