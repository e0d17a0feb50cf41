import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import mongoose from 'mongoose';
import { DEMO_ADMIN, emulatorToken, newAccount, signInThroughUi, signUpThroughUi, signUpViaApi } from './support/accounts';
import { apiFan } from './support/fans';
import { saveScreen, VIEWPORTS } from './support/screens';

/**
 * A fan's own filters in the browser (docs/product.md#filters): the spoiler shield collapses tonight's game until they
 * tap Watched, and a muted word takes a take out of their feed. Each journey runs at 390 and 1280 pixels wide.
 */

type Team = { id: number; name: string; nickname: string };
// The shipped league (lib/data/league/shipped/roster.json), as the demo seed loads it.
const TEAMS: Team[] = (
  JSON.parse(readFileSync(path.join(process.cwd(), 'lib', 'data', 'league', 'shipped', 'roster.json'), 'utf8')) as {
    teams: { team_id: number; name: string; nickname: string }[];
  }
).teams.map((t) => ({ id: t.team_id, name: t.name, nickname: t.nickname }));
/**
 * A game tipped off half an hour ago, written as the league's schedule import writes games. Its home team is the one
 * the fan watches later, so it is one with no other game whose shield could still be on (the demo seed's slate pairs
 * off teams at random): the take about it collapses under this game's label alone. Each width takes its teams from its
 * own end of the free ones, so one journey's game never shields the other's.
 */
async function gameTonight(end: 'phone' | 'desktop'): Promise<{ id: number; home: Team; away: Team }> {
  const uri = process.env.MONGODB_URI;
  if (!uri) throw new Error('MONGODB_URI is not set: run the journeys with npm test');
  const client = new mongoose.mongo.MongoClient(uri);
  const id = 980_000_000 + Math.floor(Math.random() * 1_000_000);
  const now = new Date();
  const HOURS = 60 * 60 * 1000;
  try {
    const games = client.db().collection<{ _id: number; home: number; away: number } & Record<string, unknown>>('games');
    const near = await games
      .find({ tipoff: { $gte: new Date(now.getTime() - 26 * HOURS), $lte: new Date(now.getTime() + HOURS) } })
      .project<{ home: number; away: number }>({ home: 1, away: 1 })
      .toArray();
    const busy = new Set(near.flatMap((g) => [g.home, g.away]));
    const free = TEAMS.filter((t) => !busy.has(t.id));
    if (free.length < 4) throw new Error(`too few teams without a game in the last day (${free.length})`);
    const [home, away] = end === 'phone' ? [free[0]!, free[1]!] : [free.at(-1)!, free.at(-2)!];
    await games.insertOne({
      _id: id,
      season: '2026-27',
      home: home.id,
      away: away.id,
      tipoff: new Date(now.getTime() - 30 * 60 * 1000),
      status: 'live',
      homeScore: 64,
      awayScore: 58,
      createdAt: now,
      updatedAt: now,
    });
    return { id, home, away };
  } finally {
    await client.close();
  }
}

/**
 * A game ten minutes from tip-off, not yet scored, between two teams with no game near it (as gameTonight picks them),
 * so a shield of its home team covers this game alone.
 */
async function gameSoon(): Promise<{ id: number; home: Team; away: Team; tipoff: Date }> {
  const uri = process.env.MONGODB_URI;
  if (!uri) throw new Error('MONGODB_URI is not set: run the journeys with npm test');
  const client = new mongoose.mongo.MongoClient(uri);
  const id = 981_000_000 + Math.floor(Math.random() * 1_000_000);
  const now = new Date();
  const HOURS = 60 * 60 * 1000;
  const tipoff = new Date(now.getTime() + 10 * 60 * 1000);
  try {
    const games = client.db().collection<{ _id: number; home: number; away: number } & Record<string, unknown>>('games');
    const near = await games
      .find({ tipoff: { $gte: new Date(now.getTime() - 26 * HOURS), $lte: new Date(now.getTime() + 26 * HOURS) } })
      .project<{ home: number; away: number }>({ home: 1, away: 1 })
      .toArray();
    const busy = new Set(near.flatMap((g) => [g.home, g.away]));
    const free = TEAMS.filter((t) => !busy.has(t.id));
    if (free.length < 2) throw new Error(`too few teams without a game near now (${free.length})`);
    const [home, away] = [free[0]!, free[1]!];
    await games.insertOne({
      _id: id,
      season: '2026-27',
      home: home.id,
      away: away.id,
      tipoff,
      status: 'scheduled',
      createdAt: now,
      updatedAt: now,
    });
    return { id, home, away, tipoff };
  } finally {
    await client.close();
  }
}

/** The take card (or collapsed line) of a list by the words it shows. */
const card = (page: Page, text: string | RegExp) => page.getByRole('article').filter({ hasText: text });

for (const viewport of VIEWPORTS) {
  test(`a fan who watches a team later sees tonight's game collapsed, taps Watched and sees it (${viewport.width})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const { id: gameId, home, away } = await gameTonight(viewport.name);
    const author = await apiFan(request);
    const title = `${home.nickname} up 20 at the half ${Date.now().toString(36)}`;
    const posted = await request.post('/api/takes', {
      headers: author.headers,
      data: { title, description: 'The second unit ran them off the floor.', entityType: 'team', team: home.id, tags: [home.id] },
    });
    expect(posted.status()).toBe(201);
    const take = (await posted.json()) as { _id: string };

    const account = newAccount();
    await signUpThroughUi(page, account);
    await page.goto('/account');
    const shield = page.getByRole('region', { name: 'Spoiler shield' });
    await shield.getByLabel('A team you watch later').selectOption({ label: home.name });
    await shield.getByRole('button', { name: 'Watch later' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Team added to your spoiler shield.' })).toBeVisible();
    await expect(shield.getByRole('list', { name: 'Teams you watch later' })).toContainText(home.name);
    const label = `Spoiler: ${away.nickname} @ ${home.nickname}`;
    await expect(shield.getByRole('list', { name: 'Shielded games' })).toContainText(`${away.nickname} @ ${home.nickname}`);
    await shield.scrollIntoViewIfNeeded();
    await saveScreen(page, 'account-spoiler-shield');

    // The feed as the server rendered it for this fan: the take is a collapsed line, and nothing of it is in the page.
    await page.goto('/?sort=new');
    const collapsed = card(page, label);
    await expect(collapsed.first()).toBeVisible();
    expect(await page.content()).not.toContain(title);
    await collapsed.first().scrollIntoViewIfNeeded();
    await saveScreen(page, 'collapsed-card');
    await collapsed.first().getByRole('button', { name: 'show take' }).click();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();

    // Its page asks first; Watched lifts the shield, and the take is there.
    await page.goto(`/takes/${take._id}`);
    await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
    expect(await page.title()).toBe(`${label} · Takes`);
    await saveScreen(page, 'take-gate');

    // The game's page keeps its score off until Watched, and offers it there.
    await page.goto(`/games/${gameId}`);
    const notice = page.getByText('Spoiler shield on: no score until you have watched it.');
    await expect(notice).toBeVisible();
    await expect(page.locator('header').getByText('64', { exact: true })).toHaveCount(0);
    await saveScreen(page, 'game-page-shielded');

    await page.goto(`/takes/${take._id}`);
    await page.getByRole('button', { name: 'Watched' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.goto('/?sort=new');
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(card(page, label)).toHaveCount(0);
    await page.goto(`/games/${gameId}`);
    await expect(page.getByText('64', { exact: true })).toBeVisible();
    await expect(notice).toHaveCount(0);
  });

  test(`a muted word takes a take out of the fan's feed (${viewport.width})`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const author = await apiFan(request);
    const title = `Trade rumour ${Date.now().toString(36)}`;
    const posted = await request.post('/api/takes', {
      headers: author.headers,
      data: { title, description: 'Three teams, two picks.', entityType: 'team', team: TEAMS[0]!.id, tags: [TEAMS[0]!.id] },
    });
    expect(posted.status()).toBe(201);

    const account = newAccount();
    await signUpThroughUi(page, account);
    await page.goto('/?sort=new');
    await expect(page.getByRole('heading', { name: title })).toBeVisible();

    await page.goto('/account');
    const mutes = page.getByRole('region', { name: 'Muted words, players and teams' });
    await mutes.getByLabel('Word or phrase').fill('trade');
    await mutes.getByRole('button', { name: 'Mute word' }).click();
    await expect(mutes.getByRole('list', { name: 'Muted words, players and teams' })).toContainText('“trade”');
    await mutes.getByRole('list', { name: 'Muted words, players and teams' }).scrollIntoViewIfNeeded();
    await saveScreen(page, 'account-mutes');

    await page.goto('/?sort=new');
    await expect(page.getByRole('heading', { name: 'Hot takes' })).toBeVisible();
    await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
    expect(await page.content()).not.toContain(title);

    // Removed, the take is back.
    await page.goto('/account');
    await page.getByRole('button', { name: 'Unmute “trade”' }).click();
    await expect(mutes.getByText('You have not muted any words, players or teams.')).toBeVisible();
    await page.goto('/?sort=new');
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  });
}

// Issue #53 item 2: the shield started at tip-off, but a page opened before it went on polling the shared answer.
test("a game page opened before tip-off shows no score once the fan's shield starts, while a visitor's shows it", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { id, home, tipoff } = await gameSoon();
  const fan = await signUpViaApi(request);
  const shielding = await request.put(`/api/account/filters/teams/${home.id}`, {
    headers: { Authorization: `Bearer ${fan.token}` },
    data: { hours: 24 },
  });
  expect(shielding.status()).toBe(200);

  const open = async () => {
    const context = await browser.newContext();
    await context.addInitScript(() => window.localStorage.setItem('takes:test-poll-ms', '400'));
    return { context, page: await context.newPage() };
  };
  const shielded = await open();
  const visitor = await open();
  await signInThroughUi(shielded.page, fan);
  const notice = shielded.page.getByText('Spoiler shield on: no score until you have watched it.');
  for (const { page } of [shielded, visitor]) {
    await page.goto(`/games/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(' at ');
  }
  await expect(notice).toHaveCount(0);
  // Whatever the fan's page shows from here on is watched for the score.
  await shielded.page.evaluate(() => {
    const board = document.querySelector('main header')!;
    new MutationObserver(() => {
      if (/\b(64|58)\b/.test(board.textContent ?? '')) document.body.dataset.sawScore = 'yes';
    }).observe(board, { subtree: true, childList: true, characterData: true });
  });

  // Tip-off passes for both pages (the server's clock, per request), each polls once so, then the game goes live.
  const later = { 'x-takes-test-now': new Date(tipoff.getTime() + 5 * 60 * 1000).toISOString() };
  for (const { context, page } of [shielded, visitor]) {
    await context.setExtraHTTPHeaders(later);
    await page.waitForResponse(
      async (r) => r.url().endsWith(`/api/games/${id}/live`) && 'x-takes-test-now' in (await r.request().allHeaders()),
    );
  }
  const admin = await emulatorToken(request, DEMO_ADMIN);
  const scored = await request.patch(`/api/moderation/league/games/${id}`, {
    headers: { Authorization: `Bearer ${admin}`, ...later },
    data: { status: 'live', homeScore: 64, awayScore: 58 },
  });
  expect(scored.status()).toBe(200);

  await expect(visitor.page.locator('main header').getByText('64', { exact: true })).toBeVisible();
  await expect(notice).toBeVisible();
  // A few more polls of the fan's page: still no score, and none was ever drawn.
  for (let i = 0; i < 3; i += 1) await shielded.page.waitForResponse((r) => r.url().endsWith(`/api/games/${id}/live`));
  await expect(shielded.page.locator('main header').getByText('64', { exact: true })).toHaveCount(0);
  expect(await shielded.page.evaluate(() => document.body.dataset.sawScore ?? 'no')).toBe('no');
  await saveScreen(shielded.page, 'game-page-shield-started');

  // Watched: the score is there at once.
  await shielded.page.getByRole('button', { name: 'Watched' }).click();
  await expect(shielded.page.locator('main header').getByText('64', { exact: true })).toBeVisible();
  await expect(notice).toHaveCount(0);
  await shielded.context.close();
  await visitor.context.close();
});

test('a comment with a word the fan collapses shows collapsed on the take page, and "show" reads it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const reader = await signUpViaApi(request);
  const author = await apiFan(request);
  const posted = await request.post('/api/takes', {
    headers: author.headers,
    data: {
      title: `Collapsed thread ${Date.now().toString(36)}`,
      description: 'Who is it?',
      entityType: 'team',
      team: TEAMS[1]!.id,
      tags: [],
    },
  });
  expect(posted.status()).toBe(201);
  const take = (await posted.json()) as { _id: string };
  for (const text of ['He is OVERRATED, sorry', 'Great call']) {
    expect((await request.post('/api/comments', { headers: author.headers, data: { text, postID: take._id } })).status()).toBe(201);
  }
  const muted = await request.post('/api/account/filters/mutes', {
    headers: { Authorization: `Bearer ${reader.token}` },
    data: { kind: 'word', word: 'overrated', action: 'collapse' },
  });
  expect(muted.status()).toBe(200);

  await signInThroughUi(page, reader);
  await page.goto(`/takes/${take._id}`);
  await expect(page.getByText('Great call')).toBeVisible();
  const collapsed = page.getByRole('article', { name: /folded: Muted word: “overrated”/ });
  await expect(collapsed).toBeVisible();
  expect(await page.content()).not.toContain('OVERRATED');
  await collapsed.getByRole('button', { name: 'show comment' }).click();
  await expect(page.getByText('He is OVERRATED, sorry')).toBeVisible();
  await expect(collapsed).toHaveCount(0);
});
