import { expect, test } from '@playwright/test';
import { saveScreen, VIEWPORTS } from './support/screens';
import { apiTitles, expectTitles } from './support/take-lists';

const EMPTY = 'No trending takes available for this sort and filter combination.';

test('trending topics and takes follow their filters, and the URL keeps the view', async ({ page, request }) => {
  await page.goto('/trending');
  await expect(page.getByRole('heading', { level: 1, name: 'Trending' })).toBeVisible();

  const topics = page.getByRole('region', { name: 'Trending Topics' });
  const topicLinks = topics.getByRole('listitem').getByRole('link');
  await expect(topicLinks).toHaveCount(10);
  await expect(topics.getByRole('radio', { name: 'All', exact: true })).toBeChecked();
  await expect(topics.getByRole('radio', { name: 'All Time' })).toBeChecked();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await saveScreen(page, 'trending');
  }

  await topics.getByRole('radio', { name: 'Teams' }).check();
  await expect(page).toHaveURL(/[?&]type=teams/);
  await expect
    .poll(() => topicLinks.evaluateAll((links) => links.every((a) => a.getAttribute('href')?.startsWith('/teams/nba/'))))
    .toBe(true);
  await topics.getByRole('radio', { name: 'Players' }).check();
  await expect(page).toHaveURL(/[?&]type=players/);
  await expect
    .poll(() => topicLinks.evaluateAll((links) => links.every((a) => a.getAttribute('href')?.startsWith('/players/'))))
    .toBe(true);
  await expect(topicLinks.first()).toContainText('Likes');
  await topics.getByRole('radio', { name: 'Past 12h' }).check();
  await expect(page).toHaveURL(/type=players&topicsTime=12h/);

  const takes = page.getByRole('region', { name: 'Trending Takes' });
  await expect(takes.getByRole('radio', { name: 'Most Liked' })).toBeChecked();
  await expect(takes.getByRole('radio', { name: 'Past Week' })).toBeChecked();
  await expectTitles(takes, await apiTitles(request, '/api/takes/trending?sort=likes&timeRange=week'), EMPTY);

  await takes.getByRole('radio', { name: 'Most Commented' }).check();
  await expect(page).toHaveURL(/[?&]sort=comments/);
  await expectTitles(takes, await apiTitles(request, '/api/takes/trending?sort=comments&timeRange=week'), EMPTY);

  await takes.getByRole('radio', { name: 'Past 12h' }).check();
  await expect(page).toHaveURL(/[?&]time=12h/);
  await expectTitles(takes, await apiTitles(request, '/api/takes/trending?sort=comments&timeRange=12h'), EMPTY);

  // The address alone reproduces the view: the topic filters survived the take filters.
  await page.reload();
  await expect(topics.getByRole('radio', { name: 'Players' })).toBeChecked();
  await expect(takes.getByRole('radio', { name: 'Most Commented' })).toBeChecked();
  await expect(takes.getByRole('radio', { name: 'Past 12h' })).toBeChecked();
});
