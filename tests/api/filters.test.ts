import { dbConnect, dbDisconnect } from '@/lib/db';
import mongoose from 'mongoose';
import { addMuteRule as muteInStore } from '@/lib/data/filters/filter-settings';
import { muteRuleBody } from '@/lib/validation/filters';
import { Game, MuteRule, SpoilerShield } from '@/models';
import { call, inFuture, PLAYERS, postTake, signUp, TEAMS, type TestUser } from '@/tests/support/api';

/**
 * A fan's own filters (docs/product.md#filters) as the pages render them for the fan and the API refuses them. What each
 * filter leaves out or collapses, in every list, thread, search and the bell, is tests/data/filters.test.ts's.
 */

const HOUR = 60 * 60 * 1000;
// Teams and players no other suite posts about, so what this file posts is all that a shield of them touches.
const [HOME, AWAY, OTHER] = [TEAMS[24]!, TEAMS[25]!, TEAMS[26]!];
const AWAY_PLAYER = PLAYERS.find((p) => p.teamId === AWAY.id)!;

const as = (user: TestUser | null, headers?: Record<string, string>) => ({ token: user?.idToken, headers });
const tag = () => `zq${Math.random().toString(36).slice(2, 9)}`;
const teamTake = (team: (typeof TEAMS)[number], extra: Record<string, unknown> = {}) =>
  ({ entityType: 'team', playerID: null, team: team.id, tags: [team.id], ...extra }) as const;
const playerTake = (player: { id: number }, extra: Record<string, unknown> = {}) =>
  ({ entityType: 'player', playerID: player.id, team: null, tags: [player.id], ...extra }) as const;

type Listed = { _id: string; title?: string; collapsed?: { reason: string; label: string; game: number | null } };
const newest = async (user: TestUser | null, headers?: Record<string, string>) =>
  (await call<Listed[]>('GET', '/api/takes?sort=new&limit=50', as(user, headers))).body;
const find = (list: Listed[], id: string) => list.find((t) => t._id === id);
const filters = (user: TestUser, headers?: Record<string, string>) => call('GET', '/api/account/filters', as(user, headers));
const addRule = (user: TestUser, body: Record<string, unknown>) =>
  call('POST', '/api/account/filters/mutes', { token: user.idToken, body });

async function session(user: TestUser): Promise<string> {
  const reply = await call('POST', '/api/session', { token: user.idToken });
  expect(reply.status).toBe(200);
  return /^__session=([^;]*)/.exec(reply.headers.getSetCookie().find((c) => c.startsWith('__session=')) ?? '')?.[1] ?? '';
}
/** A page as the browser loads it, for the fan the cookie names. */
const page = async (urlPath: string, cookie: string, headers: Record<string, string> = {}) =>
  (
    await call<string>('GET', urlPath, {
      headers: { cookie: `__session=${cookie}`, 'sec-fetch-dest': 'document', accept: 'text/html', ...headers },
    })
  ).body;

let author: TestUser;
let other: TestUser;
beforeAll(async () => {
  await dbConnect();
  [author, other] = await Promise.all([signUp('fltauthor'), signUp('fltother')]);
});
afterAll(() => dbDisconnect());

describe('muted words on the pages', () => {
  it('a fan mutes "trade": the home feed leaves "Trade rumour" out of its HTML, and its own page asks first', async () => {
    const fan = await signUp('fltfan');
    const word = tag();
    const take = await postTake(author, { title: `Trade rumour ${word}` });
    const kept = await postTake(author, { title: `Contract talk ${word}` });
    expect(await addRule(fan, { kind: 'word', word: 'trade' })).toMatchObject({
      status: 200,
      body: { mutes: [{ kind: 'word', word: 'trade', name: 'trade', action: 'hide', expiresAt: null }] },
    });
    expect(find(await newest(fan), take._id)).toBeUndefined();
    expect(find(await newest(other), take._id)).toMatchObject({ title: take.title });

    // The home feed as the server renders it for the fan: the take is not in the HTML at all.
    const cookie = await session(fan);
    const html = await page('/?sort=new', cookie);
    expect(html).toContain(kept.title);
    expect(html).not.toContain(take.title);
    // Read on its own, it asks first, with the reason and none of the take.
    const takePage = await page(`/takes/${take._id}`, cookie);
    expect(takePage).toContain('Muted word: “trade”');
    expect(takePage).not.toContain(word);
    expect(await page(`/takes/${take._id}?reveal=1`, cookie)).toContain(take.title);
  });

  it('refuse a visitor, and a watch-later time that is not one', async () => {
    const fan = await signUp('fltrefuse');
    expect((await call('PUT', `/api/account/filters/teams/${HOME.id}`, { token: fan.idToken, body: { hours: 5 } })).status).toBe(400);
    expect((await call('POST', '/api/account/filters/mutes', { body: { kind: 'word', word: 'x' } })).status).toBe(401);
    expect((await call('GET', '/api/account/filters')).status).toBe(401);
    expect((await filters(fan)).body).toMatchObject({ mutes: [], watchLater: [] });
  });
});

describe('the spoiler shield on the pages', () => {
  const gameId = 990_000_000 + Math.floor(Math.random() * 1_000_000);
  const tipoff = new Date(Date.now() - 30 * 60 * 1000);
  const label = `Spoiler: ${AWAY.nickname} @ ${HOME.nickname}`;
  let watcher: TestUser;
  let onHome: { _id: string; title: string };
  let unrelated: { _id: string; title: string };
  let word: string;

  beforeAll(async () => {
    await Game.create({
      _id: gameId,
      season: '2026-27',
      home: HOME.id,
      away: AWAY.id,
      tipoff,
      status: 'live',
      homeScore: 131,
      awayScore: 127,
    });
    watcher = await signUp('fltwatch');
    word = tag();
    onHome = await postTake(author, {
      ...teamTake(HOME),
      title: `${HOME.nickname} up 20 ${word}`,
      description: `Final score talk ${word}`,
    });
    await postTake(author, { ...playerTake(AWAY_PLAYER), title: `${AWAY_PLAYER.name} went off ${word}` });
    unrelated = await postTake(author, { ...teamTake(OTHER), title: `Quiet night ${tag()}` });
    expect(await call('PUT', `/api/account/filters/teams/${HOME.id}`, { token: watcher.idToken, body: { hours: 24 } })).toMatchObject({
      status: 200,
      body: { watchLater: [{ team: HOME.id, name: HOME.name, hours: 24 }] },
    });
  });

  // Issue #53 item 2: one rule for every answer that can carry the score for the fan it is for.
  it('keeps the score out of the one game, the live poll and the preview image for the fan, from tip-off only', async () => {
    const game = await call('GET', `/api/games/${gameId}`, as(watcher));
    expect([game.status, game.body.awayScore, game.body.homeScore]).toEqual([200, null, null]);
    expect((await call('GET', `/api/games/${gameId}`, as(other))).body).toMatchObject({ awayScore: 127, homeScore: 131 });
    expect((await call('GET', `/api/games/${gameId}`)).body).toMatchObject({ awayScore: 127, homeScore: 131 });

    const live = await call('GET', `/api/games/${gameId}/live`, as(watcher));
    expect(live.body).toMatchObject({ status: 'live', awayScore: null, homeScore: null, shielded: true });
    // The fan's answer is theirs alone: no shared cache keeps it, or gives them the shared one.
    expect(live.headers.get('cache-control')).toBe('private, no-cache');
    const shared = await call('GET', `/api/games/${gameId}/live`);
    expect(shared.body).toMatchObject({ awayScore: 127, homeScore: 131, shielded: false });
    expect(shared.headers.get('cache-control')).toMatch(/^public/);
    expect((await call('GET', `/api/games/${gameId}/live`, as(other))).body).toMatchObject({ awayScore: 127, shielded: false });
    // A token that is no one's is answered as a visitor is, and privately too.
    for (const authorization of ['Bearer not-a-token', 'Bearer ', 'Basic eDp5']) {
      const stranger = await call('GET', `/api/games/${gameId}/live`, { headers: { authorization } });
      expect([stranger.status, stranger.body.shielded, stranger.headers.get('cache-control')]).toEqual([200, false, 'private, no-cache']);
    }
    // Before tip-off nothing is shielded, and there is nothing to keep out.
    const early = inFuture(tipoff.getTime() - Date.now() - 5 * 60 * 1000);
    expect((await call('GET', `/api/games/${gameId}/live`, as(watcher, early))).body).toMatchObject({ awayScore: 127, shielded: false });

    const ogImage = (html: string) => /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1] ?? '';
    const shielded = ogImage(await page(`/games/${gameId}`, await session(watcher)));
    expect(shielded).not.toContain(`/og/games/${gameId}`);
    expect(shielded).toMatch(new RegExp(`/og/teams/${HOME.id}$`));
    expect(ogImage(await page(`/games/${gameId}`, await session(other)))).toMatch(new RegExp(`/og/games/${gameId}$`));
  });

  it('collapses the game’s takes, thread and score with nothing of them in the HTML, for the watcher only, until Watched', async () => {
    expect(find(await newest(watcher), onHome._id)?.collapsed).toEqual({ reason: 'spoiler', label, game: gameId });
    const onGame = await postTake(author, {
      entityType: 'game',
      gameID: gameId,
      playerID: null,
      team: null,
      specialID: null,
      tags: [gameId],
      title: `Blowout in the third ${word}`,
    });

    const cookie = await session(watcher);
    const html = await page(`/takes/${onHome._id}`, cookie);
    expect(html).toContain(label);
    expect(html).not.toContain(word);
    expect(html).toMatch(new RegExp(`<title>${label} · Takes</title>`));
    expect(html).not.toContain('og:title');
    expect(await page(`/takes/${onHome._id}?reveal=1`, cookie)).toContain(onHome.title);
    for (const list of ['/?sort=new', `/teams/nba/${HOME.id}`, `/?sort=new&feed=following`])
      expect(await page(list, cookie)).not.toContain(word);
    expect(await page('/?sort=new', cookie)).toContain(unrelated.title);
    // Another fan's page of the same take is as always.
    expect(await page(`/takes/${onHome._id}`, await session(other))).toContain(onHome.title);

    const day = tipoff.toISOString().slice(0, 10);
    const shielded = await page(`/games/${gameId}`, cookie);
    expect(shielded).toContain('Spoiler shield on');
    expect(shielded).toContain(label);
    expect(shielded).not.toContain('Blowout');
    expect(shielded).not.toMatch(/127-131|>127<|>131</);
    expect(await page(`/games?date=${day}&tz=UTC`, cookie)).not.toMatch(/>127<|>131</);
    const open = await page(`/games/${gameId}`, await session(other));
    expect(open).toContain('Blowout');
    expect(open).toMatch(/127-131/);
    expect((await call('GET', `/api/games/${gameId}/takes`, as(other))).body.takes.map((t: Listed) => t._id)).toContain(onGame._id);

    const watched = await call('POST', `/api/account/filters/games/${gameId}/watched`, as(watcher));
    expect(watched.body.games).toEqual([expect.objectContaining({ _id: gameId, state: 'watched' })]);
    expect(await page(`/takes/${onHome._id}`, await session(watcher))).toContain(onHome.title);
  });

  it('refuses a game that is not on the schedule, and a shield without its hours', async () => {
    const single = await signUp('fltsingle');
    expect((await call('PUT', '/api/account/filters/games/1', { token: single.idToken, body: { hours: 12 } })).status).toBe(404);
    expect(await call('PUT', `/api/account/filters/games/${gameId}`, { token: single.idToken })).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/^hours: hours must be one of 3, 6, 12, 24, 48, 168/) },
    });
  });
});

describe('limits held in the write (issue #53 item 4)', () => {
  it('keeps a fan at 95 muted words at 100 when 30 more are sent at once', async () => {
    const crowded = await signUp('fltcap');
    const user = new mongoose.Types.ObjectId(crowded._id);
    await MuteRule.insertMany(
      Array.from({ length: 95 }, (_, i) => ({ user, kind: 'word', key: `zzword${i}`, word: `zzword${i}`, action: 'hide' })),
    );
    const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => addRule(crowded, { kind: 'word', word: `zzrush${i}` })));
    // None is kept past the cap: each one answered 200 is stored, each refused one is not. Racing, a few that would
    // have fitted may be refused too; one at a time, the fan then fills the list to the cap exactly.
    const kept = replies.filter((r) => r.status === 200).length;
    expect(replies.filter((r) => r.status !== 200).map((r) => [r.status, r.body.error])).toEqual(
      Array(30 - kept).fill([400, 'You can mute at most 100 words.']),
    );
    // Racing, every one may see the others and take itself back (none kept); never more than the five that fit.
    expect([kept <= 5, await MuteRule.countDocuments({ user, kind: 'word' })]).toEqual([true, 95 + kept]);
    for (let i = 0; i < 6 - kept; i += 1) await addRule(crowded, { kind: 'word', word: `zzlater${i}` });
    expect(await MuteRule.countDocuments({ user, kind: 'word' })).toBe(100);
    // Muting one it has again changes it, at the cap too.
    expect((await addRule(crowded, { kind: 'word', word: 'zzword3', action: 'collapse' })).status).toBe(200);

    // The data layer's own race, with nothing between the writes (no request, no token check to spread them out):
    // thirty at once for a fan at 95 keep the cap too.
    const racer = new mongoose.Types.ObjectId((await signUp('fltrace'))._id);
    await MuteRule.insertMany(
      Array.from({ length: 95 }, (_, i) => ({ user: racer, kind: 'word', key: `zzword${i}`, word: `zzword${i}`, action: 'hide' })),
    );
    const raced = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => muteInStore(racer, muteRuleBody.parse({ kind: 'word', word: `zzrace${i}` }))),
    );
    const stored = await MuteRule.countDocuments({ user: racer, kind: 'word' });
    expect([stored <= 100, stored - 95]).toEqual([true, raced.filter((r) => r.status === 'fulfilled').length]);
  }, 60_000);

  it('marks at most 50 games not watched yet, however many are sent at once, and keeps the newest 150 Watched taps', async () => {
    const busy = await signUp('fltwatched');
    const user = new mongoose.Types.ObjectId(busy._id);
    const first = 995_000_000 + Math.floor(Math.random() * 1_000_000);
    const ids = Array.from({ length: 160 }, (_, i) => first + i);
    // Games far ahead, which no pruning of finished games removes.
    await Game.insertMany(
      ids.map((_id, i) => ({ _id, season: '2026-27', home: HOME.id, away: AWAY.id, tipoff: new Date(Date.now() + (30 + i) * 24 * HOUR) })),
    );
    const marks = await Promise.all(
      ids.slice(0, 60).map((id) => call('PUT', `/api/account/filters/games/${id}`, { token: busy.idToken, body: { hours: 12 } })),
    );
    const marked = marks.filter((r) => r.status === 200).length;
    expect(marks.filter((r) => r.status !== 200).map((r) => [r.status, r.body.error])).toEqual(
      Array(60 - marked).fill([400, 'You can mark at most 50 games not watched yet.']),
    );
    expect([marked > 0, marked <= 50, await SpoilerShield.countDocuments({ user, kind: 'game' })]).toEqual([true, true, marked]);
    // One at a time, the rest fill it to the cap exactly.
    for (const id of ids.slice(60, 60 + 51 - marked)) {
      await call('PUT', `/api/account/filters/games/${id}`, { token: busy.idToken, body: { hours: 12 } });
    }
    expect(await SpoilerShield.countDocuments({ user, kind: 'game' })).toBe(50);

    for (let i = 0; i < ids.length; i += 20) {
      const taps = await Promise.all(ids.slice(i, i + 20).map((id) => call('POST', `/api/account/filters/games/${id}/watched`, as(busy))));
      expect(taps.map((r) => r.status)).toEqual(Array(taps.length).fill(200));
    }
    const kept = await SpoilerShield.find({ user, kind: 'watched' }).lean();
    expect(kept).toHaveLength(150);
    // The trimmed taps are the oldest: every tap after the first twenty is kept.
    const targets = new Set(kept.map((k) => k.target));
    expect(ids.slice(20).filter((id) => !targets.has(id))).toEqual([]);
  }, 120_000);
});
