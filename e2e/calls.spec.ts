import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import mongoose from 'mongoose';
import { DEMO_ADMIN, signInThroughUi, signUpViaApi } from './support/accounts';
import { saveScreen, VIEWPORTS } from './support/screens';
import { takeCards } from './support/take-lists';

/**
 * Calls on game night (docs/product.md#calls), at 390 and 1280 wide: a fan calls "Celtics by 5+" on tonight's game from
 * its page; an administrator records the final, 110–101, in the league console and a box-score line; within seconds,
 * with no reload, the fan's open game page shows the hit on the card and in Settled tonight; their Record reads 1–0; a
 * fan who liked it has the notification; and a fan shielding the game sees the chip without its result until Watched.
 */

type Team = { id: number; name: string; nickname: string; abbreviation: string };
const roster = JSON.parse(readFileSync(path.join(process.cwd(), 'lib', 'data', 'league', 'shipped', 'roster.json'), 'utf8')) as {
  teams: { team_id: number; name: string; nickname: string; abbreviation: string }[];
  players: { player_id: number; name: string; team_id: number }[];
};
const TEAMS: Team[] = roster.teams.map((t) => ({ id: t.team_id, name: t.name, nickname: t.nickname, abbreviation: t.abbreviation }));
const CELTICS = TEAMS.find((t) => t.nickname === 'Celtics')!;
const HOUR = 60 * 60 * 1000;
const POLL_MS = 500;

/**
 * Tonight's game, not tipped off yet, on the schedule as the league's importer writes games: the Celtics at home, to a
 * team that visits them on no other day the console lists (so its row there is this game's). Each width takes its own.
 */
async function tonight(nth: number): Promise<{ id: number; tipoff: Date; away: Team }> {
  const uri = process.env.MONGODB_URI;
  if (!uri) throw new Error('MONGODB_URI is not set: run the journeys with npm test');
  const client = new mongoose.mongo.MongoClient(uri);
  const id = 970_000_000 + Math.floor(Math.random() * 1_000_000);
  const now = new Date();
  const tipoff = new Date(now.getTime() + 90 * 60 * 1000);
  try {
    const games = client.db().collection<Record<string, unknown> & { _id: number }>('games');
    const visits = await games
      .find({ home: CELTICS.id, tipoff: { $gte: new Date(now.getTime() - 3 * 24 * HOUR), $lte: new Date(now.getTime() + 9 * 24 * HOUR) } })
      .project<{ away: number }>({ away: 1 })
      .toArray();
    const away = TEAMS.filter((t) => t.id !== CELTICS.id && !visits.some((g) => g.away === t.id))[nth * 5]!;
    await games.insertOne({
      _id: id,
      season: '2026-27',
      home: CELTICS.id,
      away: away.id,
      tipoff,
      status: 'scheduled',
      homeScore: null,
      awayScore: null,
      rev: 1,
      createdAt: now,
      updatedAt: now,
    });
    return { id, tipoff, away };
  } finally {
    await client.close();
  }
}

async function signedInPage(browser: Browser, viewport: (typeof VIEWPORTS)[number], account: Parameters<typeof signInThroughUi>[1]) {
  const context = await browser.newContext({ viewport });
  // Polls wait this long instead of 20 s (lib/client/live.ts reads it in builds that use the emulator).
  await context.addInitScript((ms) => window.localStorage.setItem('takes:test-poll-ms', String(ms)), POLL_MS);
  const page = await context.newPage();
  await signInThroughUi(page, account);
  return { context, page };
}

for (const [i, viewport] of VIEWPORTS.entries()) {
  test(`at ${viewport.width} wide, a fan calls "Celtics by 5+", the final settles it, and each fan sees it as they should`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const game = await tonight(i);
    const { away } = game;
    const matchup = `${away.nickname} @ ${CELTICS.nickname}`;
    const author = await signUpViaApi(request);
    const contexts: BrowserContext[] = [];

    // The fan calls it from the game's page: Post a take on this game, then the composer's call form.
    const fan = await signedInPage(browser, viewport, author);
    contexts.push(fan.context);
    const page: Page = fan.page;
    await page.goto(`/games/${game.id}`);
    await page.getByRole('button', { name: 'Post a take on this game' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Take' });
    await dialog.getByRole('button', { name: 'Add a call' }).click();
    await dialog.getByLabel('Title').fill(`Celtics cover tonight ${Date.now().toString(36)}`);
    await dialog.getByLabel('Description').fill('Their starters are rested and the bench is deep. By five at least.');
    const form = dialog.getByRole('group', { name: 'Your call' });
    await form.getByLabel('Kind').selectOption({ label: 'A team wins by N or more' });
    await expect(form.getByLabel('Game')).toContainText(matchup);
    await form.getByLabel('Team').selectOption({ label: CELTICS.nickname });
    await form.getByLabel('By at least (points)').fill('5');
    await expect(form.getByText('Celtics by 5+')).toBeVisible();
    await saveScreen(page, 'call-form');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    const thread = page.getByRole('region', { name: /Game thread/ });
    const card = takeCards(thread).first();
    await expect(card.getByText('Celtics by 5+')).toBeVisible();
    await expect(card.getByText('Open', { exact: true })).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await saveScreen(page, 'call-chip-open');
    const listed = (await (await request.get(`/api/games/${game.id}/takes`)).json()).takes as { _id: string }[];
    const takeId = listed[0]!._id;

    // A fan likes it; another, who will watch the game later, likes it too and shields the game.
    const [liker, shielder] = [await signUpViaApi(request), await signUpViaApi(request)];
    for (const fan of [liker, shielder]) {
      const liked = await request.post('/api/user-action', {
        headers: { Authorization: `Bearer ${fan.token}` },
        data: { actionType: 'like', postID: takeId },
      });
      expect(liked.ok()).toBeTruthy();
    }
    const shield = await request.put(`/api/account/filters/games/${game.id}`, {
      headers: { Authorization: `Bearer ${shielder.token}` },
      data: { hours: 24 },
    });
    expect(shield.ok()).toBeTruthy();

    // The administrator records the final in the league console, then a line of its box score.
    const admin = await signedInPage(browser, viewport, DEMO_ADMIN);
    contexts.push(admin.context);
    await admin.page.goto('/moderation/league');
    await admin.page.getByRole('tab', { name: 'Games' }).click();
    const consoleMatchup = `${away.abbreviation} at ${CELTICS.abbreviation}`;
    const row = admin.page.getByRole('listitem').filter({ has: admin.page.getByRole('button', { name: `Edit ${consoleMatchup}` }) });
    await row.getByRole('button', { name: `Edit ${consoleMatchup}` }).click();
    const edit = admin.page.getByRole('form', { name: `Edit ${consoleMatchup}, game ${String(game.id).padStart(10, '0')}` });
    await edit.getByLabel('Status').selectOption('final');
    await edit.getByLabel(`${away.abbreviation} score`).fill('101');
    await edit.getByLabel(`${CELTICS.abbreviation} score`).fill('110');
    await edit.getByRole('button', { name: 'Save game' }).click();
    await expect(admin.page.getByText(`${consoleMatchup} saved.`)).toBeVisible();

    // Within seconds, with no reload: the fan's open game page draws the hit on the card and in Settled tonight.
    await expect(card.getByText(/^Hit/)).toBeVisible({ timeout: 15_000 });
    const settled = page.getByRole('region', { name: 'Settled tonight' });
    await expect(settled.getByRole('link', { name: 'Celtics by 5+' })).toBeVisible();
    await expect(settled).toContainText('Hit');
    await saveScreen(page, 'settled-tonight');

    await row.getByRole('button', { name: 'Box score' }).click();
    const line = admin.page.getByRole('form', { name: /^A line of the box score of game / });
    const player = roster.players.find((p) => p.team_id === CELTICS.id)!;
    await line.getByLabel('Player').selectOption({ label: player.name });
    await line.getByLabel('Minutes').fill('34:12');
    await line.getByLabel('Points').fill('31');
    await line.getByRole('button', { name: 'Save line' }).click();
    await expect(admin.page.getByText(`${player.name}: line saved.`)).toBeVisible();
    await expect(admin.page.getByText(/34:12, 31 pts/)).toBeVisible();
    await admin.page.getByRole('heading', { name: 'Box score' }).scrollIntoViewIfNeeded();
    await saveScreen(admin.page, 'console-box-score');

    // The author's Record: 1–0.
    await page.goto(`/profile/${author._id}?tab=record`);
    await expect(page.getByTestId('record-line')).toHaveText('1–0');
    await expect(page.getByRole('main').getByText('Celtics by 5+')).toBeVisible();
    await saveScreen(page, 'record-tab');

    // The fan who liked it was told.
    const reader = await signedInPage(browser, viewport, liker);
    contexts.push(reader.context);
    await reader.page.goto('/notifications');
    await expect(reader.page.getByText(`1 call you weighed in on settled: ${matchup}`)).toBeVisible();
    await saveScreen(reader.page, 'notification-settled');

    // The fan shielding the game, signed in, then seen by the server's test clock an hour after tip-off (the shield
    // holds from tip-off): the chip holds its result back until Watched.
    const shielded = await signedInPage(browser, viewport, shielder);
    contexts.push(shielded.context);
    await shielded.context.setExtraHTTPHeaders({ 'x-takes-test-now': new Date(game.tipoff.getTime() + HOUR).toISOString() });
    const watcher = shielded.page;
    await watcher.goto(`/takes/${takeId}?reveal=1`);
    const chip = watcher.getByRole('main').getByText('settled — hidden until you watch');
    await expect(chip).toBeVisible();
    await expect(watcher.getByRole('main').getByText(/^Hit/)).toHaveCount(0);
    await saveScreen(watcher, 'call-chip-shielded');
    await watcher.goto(`/games/${game.id}`);
    await expect(watcher.getByRole('region', { name: 'Settled tonight' })).toContainText('settled — hidden until you watch');
    await saveScreen(watcher, 'settled-tonight-shielded');
    await watcher.getByRole('button', { name: 'Watched' }).first().click();
    await expect(watcher.getByRole('region', { name: 'Settled tonight' }).getByText('Hit')).toBeVisible();
    await watcher.goto(`/takes/${takeId}`);
    await expect(watcher.getByRole('main').getByText(/^Hit/)).toBeVisible();

    for (const context of contexts) await context.close();
  });
}

/** A record of `n` settled calls on past games, written as settlement writes them, for a fan of the journey's own. */
async function seedRecord(author: string, n: number) {
  const uri = process.env.MONGODB_URI;
  if (!uri) throw new Error('MONGODB_URI is not set: run the journeys with npm test');
  const client = new mongoose.mongo.MongoClient(uri);
  try {
    const now = Date.now();
    const calls = Array.from({ length: n }, (_, k) => {
      const lockAt = new Date(now - (k + 2) * 24 * HOUR);
      const crowd = 0.1 + ((k * 7) % 9) / 10;
      const home = TEAMS[k % TEAMS.length]!;
      const away = TEAMS[(k + 5) % TEAMS.length]!;
      return {
        take: new mongoose.Types.ObjectId(),
        author: new mongoose.Types.ObjectId(author),
        kind: 'margin',
        scope: 'game',
        game: 900_000_000 + k,
        season: '2026-27',
        team: home.id,
        other: null,
        teams: [away.id, home.id],
        player: null,
        stat: null,
        side: null,
        line: 1 + (k % 9),
        postedAt: new Date(lockAt.getTime() - 3 * HOUR),
        lockAt,
        title: `A call of the record ${k}`,
        result: k % 3 === 2 ? 'miss' : k % 11 === 4 ? 'void' : 'hit',
        reason: k % 11 === 4 ? 'no-minutes' : 'deleted',
        settledAt: new Date(lockAt.getTime() + 3 * HOUR),
        finalAt: new Date(lockAt.getTime() + 27 * HOUR),
        basis: 1,
        crowd: Math.min(0.9, crowd),
        judged: true,
      };
    });
    await client.db().collection('calls').insertMany(calls);
  } finally {
    await client.close();
  }
}

for (const viewport of VIEWPORTS) {
  test(`at ${viewport.width} wide, a fan saves a take with a call, finds it in their Saved list, and reads a long record's calibration`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const fan = await signUpViaApi(request);
    const author = await signUpViaApi(request);
    const { page, context } = await signedInPage(browser, viewport, fan);

    // A team's page offers a call: its next games' and its season's.
    await page.goto(`/teams/nba/${CELTICS.id}`);
    await page.getByRole('button', { name: 'Make a call' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Take' });
    const form = dialog.getByRole('group', { name: 'Your call' });
    await form.getByLabel('Kind').selectOption({ label: 'Season: at least N wins' });
    await form.getByLabel('Wins, at least').fill('55');
    await expect(form.getByText('Celtics 55+ wins')).toBeVisible();
    await saveScreen(page, 'call-form-season');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // A take with an open call, saved from its ⋯ menu with "Tell me when it settles".
    const game = await tonight(2 + VIEWPORTS.indexOf(viewport));
    const title = `Save this call ${Date.now().toString(36)}`;
    const posted = await request.post('/api/takes', {
      headers: { Authorization: `Bearer ${author.token}` },
      data: {
        title,
        description: 'Check back after the final.',
        entityType: 'game',
        gameID: game.id,
        tags: [],
        call: { kind: 'total', game: game.id, side: 'over', line: 219.5 },
      },
    });
    expect(posted.status()).toBe(201);
    const take = (await posted.json()) as { _id: string };
    await page.goto(`/takes/${take._id}`);
    await page.getByRole('button', { name: 'Take options' }).click();
    await page.getByRole('menuitem', { name: 'Tell me when it settles' }).click();
    await expect(page.getByText('Saved: you will be told when its call settles.')).toBeVisible();
    await page.getByRole('button', { name: 'Take options' }).click();
    await expect(page.getByRole('menuitem', { name: 'Remove from saved' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Stop telling me when it settles' })).toBeVisible();
    await saveScreen(page, 'take-options-saved');
    await page.keyboard.press('Escape');

    await page.goto('/account');
    await page.getByRole('link', { name: 'Saved takes' }).click();
    await expect(page).toHaveURL(/\/saved$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Saved takes' })).toBeVisible();
    await expect(takeCards(page).first().getByRole('heading', { name: title })).toBeVisible();
    await expect(takeCards(page).first().getByText('Over 219.5 points')).toBeVisible();
    await saveScreen(page, 'saved-list');

    // A record of 24 settled calls draws its calibration chart; a point opens the calls of its bin.
    await seedRecord(author._id, 24);
    await page.goto(`/profile/${author._id}?tab=record`);
    const chart = page.getByRole('img', { name: 'Hit rate by the crowd’s odds at the lock' });
    await expect(chart).toBeVisible();
    await chart.scrollIntoViewIfNeeded();
    await saveScreen(page, 'record-calibration');
    await page.getByRole('figure').getByRole('link').first().click();
    await expect(page).toHaveURL(/[?&]bin=\d/);
    await expect(page.getByText(/^Calls the crowd gave/)).toBeVisible();
    await page.getByLabel('Team').selectOption({ label: TEAMS[0]!.name });
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(new RegExp(`team=${TEAMS[0]!.id}`));
    await saveScreen(page, 'record-filtered');
    await context.close();
  });
}
