import { expect, test } from '@playwright/test';
import mongoose from 'mongoose';
import { createTakeViaApi, expectSignedIn, newAccount, signUpThroughUi } from './support/accounts';
import { saveScreen, VIEWPORTS } from './support/screens';

/*
 * The boards read the standings the scheduled job writes (its own tests cover
 * how). A journey cannot wait for weeks of receipts, so it stores standings
 * directly, on a past season of its own: this is the read side's setup data.
 */
// A season of this run's own: a retried test's fresh worker stores its fans again, on a board nobody else uses.
const START = 1950 + Math.floor(Math.random() * 60);
const SEASON = `${START}-${String((START + 1) % 100).padStart(2, '0')}`;
const CELTICS = 1610612738;
const { ObjectId } = mongoose.Types;

async function withDb<T>(work: (db: mongoose.mongo.Db) => Promise<T>): Promise<T> {
  const uri = process.env.MONGODB_URI;
  if (!uri) throw new Error('MONGODB_URI is not set: run the journeys with npm test');
  const client = new mongoose.mongo.MongoClient(uri);
  try {
    return await work(client.db());
  } finally {
    await client.close();
  }
}

function standing(board: string, user: mongoose.Types.ObjectId, rating: number, favoriteTeam: number | null, scored = 9) {
  const well = Math.round(scored * 0.7);
  return {
    _id: `${board}:${user}`,
    user,
    board,
    favoriteTeam,
    scored,
    points: rating * (scored + 10),
    rating,
    well,
    poorly: scored - well,
    close: 2,
    days: 5,
    hitRateLow: 0.42,
    qualified: true,
    provisional: scored < 15,
    updatedAt: new Date(),
  };
}

test.beforeAll(async () => {
  const tag = Date.now().toString(36).slice(-5);
  const users = Array.from({ length: 23 }, (_, i) => ({
    _id: new ObjectId(),
    firebaseUID: `e2e-callers-${tag}-${i}`,
    username: `caller${tag}${i}`,
    profilePictureUrl: null,
    favoriteTeam: i % 4 === 0 ? CELTICS : null,
    followersCount: 0,
    followingCount: 0,
    postsCount: 0,
    createdAt: new Date(),
    updatedAt: new Date(),
  }));
  await withDb(async (db) => {
    await db.collection('users').insertMany(users);
    await db
      .collection('callerstats')
      .insertMany(users.map((u, i) => standing(SEASON, u._id, 1.8 - i * 0.07, u.favoriteTeam, i < 5 ? 22 : 9)) as never[]);
  });
});

test('the board ranks callers, filters by team, pages with Load More and keeps its rules in view', async ({ page }) => {
  await page.goto(`/callers?season=${SEASON}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Callers' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: `Top callers of ${SEASON.replace('-', '–')}` })).toBeVisible();
  const rows = page
    .getByRole('list')
    .filter({ has: page.locator('li[data-rank]') })
    .locator('li[data-rank]');
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText('+1.80');
  await expect(rows.nth(5)).toContainText('Provisional');
  await expect(rows.first()).not.toContainText('Provisional');

  await page.getByRole('button', { name: 'Load More' }).click();
  await expect(rows).toHaveCount(23);
  await expect(rows.last()).toHaveAttribute('data-rank', '23');
  await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(0);

  await expect(page.getByRole('heading', { level: 2, name: 'How callers are ranked' })).toBeVisible();
  await expect(page.getByText('Your own votes on your takes never count.', { exact: false })).toBeVisible();
  await expect(page.getByText('Linked accounts count as one fan', { exact: false })).toBeVisible();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.getByRole('heading', { level: 2, name: 'How callers are ranked' }).scrollIntoViewIfNeeded();
    await saveScreen(page, 'callers-rules');
    await page.getByRole('heading', { level: 3, name: 'Who counts' }).scrollIntoViewIfNeeded();
    await saveScreen(page, 'callers-rules-who-counts');
  }

  // The team filter navigates on its own: the Celtics' fans, ranked among themselves.
  await page.getByLabel('Fans of').selectOption({ label: 'Boston Celtics' });
  await expect(page).toHaveURL(new RegExp(`team=${CELTICS}`));
  await expect(page).toHaveURL(new RegExp(`season=${SEASON}`));
  await expect(rows).toHaveCount(6);
  await expect(rows.first()).toHaveAttribute('data-rank', '1');

  // The tabs keep the team and switch the board.
  await page.getByRole('link', { name: 'All time' }).click();
  await expect(page).toHaveURL(/board=all/);
  await expect(page.getByRole('heading', { level: 2, name: 'Top callers of all time' })).toBeVisible();
  await page.getByRole('link', { name: 'This season' }).click();
  await expect(page).not.toHaveURL(/board=all/);
});

test('a ranked fan sees their own rank pinned, and their profile links each call to its take', async ({ page, request }) => {
  test.setTimeout(120_000);
  const account = newAccount();
  await signUpThroughUi(page, account);
  const profileHref = (await page.getByRole('link', { name: `Your profile (${account.username})` }).getAttribute('href'))!;
  const userId = new ObjectId(profileHref.split('/').pop()!);

  const take = await createTakeViaApi(request, account, 'Wemby wins DPOY by a mile');
  await withDb(async (db) => {
    await db
      .collection('callerstats')
      .insertMany([standing(SEASON, userId, 0.9, null, 16), standing('all', userId, 0.9, null, 16)] as never[]);
    await db.collection('callerscores').insertOne({
      _id: new ObjectId(take._id),
      author: userId,
      title: 'Wemby wins DPOY by a mile',
      dueAt: new Date(`${START + 1}-04-01`),
      dueDay: `${START + 1}-04-01`,
      season: SEASON,
      verdict: 'well',
      reason: 'votes',
      crowdLikes: 2,
      crowdDislikes: 8,
      crowd: 0.25,
      points: 3,
      countedWell: 9,
      countedPoorly: 1,
      scoredAt: new Date(),
    } as never);
  });

  await page.goto(`/callers?season=${SEASON}`);
  await expectSignedIn(page, account);
  const pinned = page.getByRole('list', { name: 'Your rank' });
  await expect(pinned).toContainText(account.username);
  await expect(pinned).toContainText('You');
  await expect(pinned.locator('li')).toHaveAttribute('data-rank', /^\d+$/);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await saveScreen(page, 'callers-board');
  }

  await page.goto(`${profileHref}?tab=calls`);
  await expect(page.getByRole('heading', { name: 'Caller rating' })).toBeVisible();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.getByRole('heading', { name: 'Caller rating' }).scrollIntoViewIfNeeded();
    await saveScreen(page, 'callers-profile');
  }
  await page.getByRole('link', { name: 'Wemby wins DPOY by a mile' }).click();
  await expect(page).toHaveURL(new RegExp(`/takes/${take._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Wemby wins DPOY by a mile' })).toBeVisible();
});
