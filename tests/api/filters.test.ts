import { dbConnect, dbDisconnect } from '@/lib/db';
import mongoose from 'mongoose';
import { mute as muteInStore } from '@/lib/data/filters/filter-settings';
import { muteBody } from '@/lib/validation/filters';
import { Game, MuteRule, Player, SpoilerShield } from '@/models';
import { call, inFuture, PLAYERS, postTake, runScheduledJob, signUp, TEAMS, type TestUser } from '@/tests/support/api';

/**
 * A fan's own filters (docs/product.md#filters), through the API and the pages, against the real database and
 * emulator: muted words, players and teams, hide or collapse, the spoiler shield, and that nobody else is touched.
 */

const HOUR = 60 * 60 * 1000;
// Teams and players no other suite posts about, so what this file posts is all that a shield of them touches.
const [HOME, AWAY, OTHER] = [TEAMS[24]!, TEAMS[25]!, TEAMS[26]!];
const AWAY_PLAYER = PLAYERS.find((p) => p.teamId === AWAY.id)!;
const TRADED = PLAYERS.find((p) => p.teamId === OTHER.id)!;

const as = (user: TestUser | null, headers?: Record<string, string>) => ({ token: user?.idToken, headers });
const tag = () => `zq${Math.random().toString(36).slice(2, 9)}`;
const teamTake = (team: (typeof TEAMS)[number], extra: Record<string, unknown> = {}) =>
  ({ entityType: 'team', playerID: null, team: team.id, tags: [team.id], ...extra }) as const;
const playerTake = (player: { id: number }, extra: Record<string, unknown> = {}) =>
  ({ entityType: 'player', playerID: player.id, team: null, tags: [player.id], ...extra }) as const;

type Listed = { _id: string; title?: string; collapsed?: { reason: string; label: string; game: number | null } };
const newest = async (user: TestUser | null, headers?: Record<string, string>) =>
  (await call<Listed[]>('GET', '/api/takes?sort=new&limit=50', as(user, headers))).body;
const searched = async (q: string, user: TestUser | null) => (await call<Listed[]>('GET', `/api/search/takes?q=${q}`, as(user))).body;
const find = (list: Listed[], id: string) => list.find((t) => t._id === id);
const filters = (user: TestUser, headers?: Record<string, string>) => call('GET', '/api/account/filters', as(user, headers));
const mute = (user: TestUser, body: Record<string, unknown>) => call('POST', '/api/account/filters/mutes', { token: user.idToken, body });

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
let fan: TestUser;
let other: TestUser;
beforeAll(async () => {
  await dbConnect();
  [author, fan, other] = await Promise.all([signUp('fltauthor'), signUp('fltfan'), signUp('fltother')]);
});
afterAll(() => dbDisconnect());

describe('muted words', () => {
  it('a fan mutes "trade": a take titled "Trade rumour" leaves their feed, search and lists, not another fan’s', async () => {
    const word = tag();
    const take = await postTake(author, { title: `Trade rumour ${word}` });
    const kept = await postTake(author, { title: `Contract talk ${word}` });
    expect(await mute(fan, { kind: 'word', word: 'trade' })).toMatchObject({
      status: 200,
      body: { mutes: [{ kind: 'word', word: 'trade', name: 'trade', action: 'hide', expiresAt: null }] },
    });
    expect(find(await newest(fan), take._id)).toBeUndefined();
    expect(find(await newest(fan), kept._id)).toMatchObject({ title: kept.title });
    expect(find(await newest(other), take._id)).toMatchObject({ title: take.title });
    expect(find(await newest(null), take._id)).toMatchObject({ title: take.title });
    expect((await searched(word, fan)).map((t) => t._id)).toEqual([kept._id]);
    expect((await searched(word, other)).map((t) => t._id).sort()).toEqual([take._id, kept._id].sort());

    const players = (await call<Listed[]>('GET', `/api/players/${PLAYERS[0]!.id}?sort=newest&limit=50`, as(fan))).body;
    expect(find(players, take._id)).toBeUndefined();
    expect(find(players, kept._id)).toBeDefined();
    await call('POST', `/api/users/${author.uid}/follow`, as(fan));
    const following = (await call<{ takes: Listed[] }>('GET', '/api/takes/following', as(fan))).body.takes;
    expect(find(following, take._id)).toBeUndefined();
    expect(find(following, kept._id)).toBeDefined();

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

  it('match whole words only, whatever the case or accents', async () => {
    const reader = await signUp('fltwords');
    for (const word of ['heat', 'doncic', 'Šarić']) expect((await mute(reader, { kind: 'word', word })).status).toBe(200);
    const wheat = await postTake(author, { title: 'Wheat fields forever', description: 'Nothing about basketball.' });
    const heat = await postTake(author, { title: 'The HEAT check era' });
    const luka = await postTake(author, { title: 'Dončić carries again' });
    const dario = await postTake(author, { title: 'saric off the bench', description: 'Accents or not.' });
    const feed = await newest(reader);
    expect(find(feed, wheat._id)).toBeDefined();
    for (const hidden of [heat, luka, dario]) expect(find(feed, hidden._id)).toBeUndefined();
    expect((await filters(reader)).body.mutes.map((m: { name: string }) => m.name).sort()).toEqual(['doncic', 'heat', 'Šarić'].sort());
  });

  it('expire after the time chosen, and the scheduled job sweeps them', async () => {
    const reader = await signUp('fltexpiry');
    const take = await postTake(author, { title: `Trade machine ${tag()}` });
    await mute(reader, { kind: 'word', word: 'machine', duration: '24h' });
    const rule = (await filters(reader)).body.mutes[0];
    expect(Date.parse(rule.expiresAt) - Date.now()).toBeGreaterThan(23 * HOUR);
    expect(find(await newest(reader), take._id)).toBeUndefined();
    expect(find(await newest(reader, inFuture(23 * HOUR)), take._id)).toBeUndefined();
    expect(find(await newest(reader, inFuture(25 * HOUR)), take._id)).toBeDefined();
    expect((await filters(reader, inFuture(25 * HOUR))).body.mutes).toEqual([]);
    // Once its day is over (moved back in the database: the job itself runs on the real clock, as other suites need)
    // the scheduled job removes it.
    await MuteRule.updateOne({ _id: rule._id }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await runScheduledJob()).body.sweptMutes).toBeGreaterThanOrEqual(1);
    expect(await MuteRule.exists({ _id: rule._id })).toBeNull();
    expect(find(await newest(reader), take._id)).toBeDefined();
  });

  it('collapse instead, sending the reason and none of the take; reading it by id shows it', async () => {
    const reader = await signUp('fltfold');
    const word = tag();
    const take = await postTake(author, { title: `Blockbuster swap ${word}`, description: `Secret details ${word}` });
    await mute(reader, { kind: 'word', word: 'BLOCKBUSTER', action: 'collapse', duration: '7d' });
    const folded = find(await newest(reader), take._id);
    expect(folded).toEqual({
      _id: take._id,
      createdAt: expect.any(String),
      createdBy: expect.objectContaining({ _id: author._id }),
      collapsed: { reason: 'word', label: 'Muted word: “BLOCKBUSTER”', game: null },
    });
    expect(JSON.stringify(await newest(reader))).not.toContain(word);
    expect((await call('GET', `/api/takes/${take._id}`, as(reader))).body).toMatchObject({ title: take.title });
    const expires = Date.parse((await filters(reader)).body.mutes[0].expiresAt);
    expect(Math.round((expires - Date.now()) / HOUR)).toBe(7 * 24);
  });

  it('fill a page past what they hide, with the cursor right after the last take shown', async () => {
    const reader = await signUp('fltpages');
    const word = tag();
    await mute(reader, { kind: 'word', word });
    const posted: Awaited<ReturnType<typeof postTake>>[] = [];
    // Newest first: A6, then four hidden ones, then A1.
    for (const i of [1, 2, 3, 4, 5, 6])
      posted.push(await postTake(author, { title: i === 1 || i === 6 ? `Shown ${i}` : `Hidden ${word} ${i}` }));
    const first = await call<Listed[]>('GET', '/api/takes?sort=new&limit=2', as(reader));
    expect(first.body.map((t) => t._id)).toEqual([posted[5]!._id, posted[0]!._id]);
    const second = await call<Listed[]>('GET', `/api/takes?sort=new&limit=2&cursor=${first.headers.get('x-next-cursor')}`, as(reader));
    expect(second.body).toHaveLength(2);
    expect(second.body.some((t) => posted.some((p) => p._id === t._id))).toBe(false);
    // Another fan reads the same list, page by page, unfilled.
    expect((await call<Listed[]>('GET', '/api/takes?sort=new&limit=2', as(other))).body.map((t) => t._id)).toEqual([
      posted[5]!._id,
      posted[4]!._id,
    ]);
  });

  it('refuse what cannot be muted, with words a person can act on', async () => {
    expect(await mute(fan, { kind: 'word', word: '🔥🔥' })).toMatchObject({
      status: 400,
      body: { error: 'word: A muted word needs a letter or a digit.' },
    });
    expect((await mute(fan, { kind: 'word', word: 'x'.repeat(41) })).status).toBe(400);
    expect((await mute(fan, { kind: 'player', id: 1 })).status).toBe(404);
    expect((await mute(fan, { kind: 'word', word: 'ok', duration: 'forever' })).body.error).toMatch(/24h, 7d or always/);
    expect((await call('PUT', `/api/account/filters/teams/${HOME.id}`, { token: fan.idToken, body: { hours: 5 } })).status).toBe(400);
    expect((await call('POST', '/api/account/filters/mutes', { body: { kind: 'word', word: 'x' } })).status).toBe(401);
  });
});

describe('muted players and teams', () => {
  it('catch takes by their subject, under any title and after a trade', async () => {
    const playerFan = await signUp('fltplayer');
    const teamFan = await signUp('fltteam');
    await mute(playerFan, { kind: 'player', id: TRADED.id, action: 'collapse' });
    await mute(teamFan, { kind: 'team', id: OTHER.id });
    const nickname = await postTake(author, { ...playerTake(TRADED), title: `The franchise is washed ${tag()}` });
    const tagged = await postTake(author, { ...teamTake(HOME, { tags: [HOME.id, TRADED.id] }), title: `Depth chart ${tag()}` });
    const elsewhere = await postTake(author, { ...teamTake(HOME), title: `Home opener ${tag()}` });
    let traded: Listed | undefined;
    try {
      await Player.updateOne({ _id: TRADED.id }, { $set: { teamId: HOME.id } });
      const afterTrade = await postTake(author, { ...playerTake(TRADED), title: `New team, same guy ${tag()}` });
      const playerFeed = await newest(playerFan);
      for (const t of [nickname, tagged, afterTrade])
        expect(find(playerFeed, t._id)?.collapsed).toEqual({ reason: 'player', label: `Muted player: ${TRADED.name}`, game: null });
      expect(find(playerFeed, elsewhere._id)).toMatchObject({ title: elsewhere.title });
      const teamFeed = await newest(teamFan);
      // Posted while he played for the muted team: about that team, still, after he left it.
      expect(find(teamFeed, nickname._id)).toBeUndefined();
      expect(find(teamFeed, afterTrade._id)).toMatchObject({ title: afterTrade.title });
      traded = find(await newest(other), nickname._id);
    } finally {
      await Player.updateOne({ _id: TRADED.id }, { $set: { teamId: OTHER.id } });
    }
    expect(traded).toMatchObject({ title: nickname.title });
    expect((await filters(teamFan)).body.mutes).toEqual([expect.objectContaining({ kind: 'team', id: OTHER.id, name: OTHER.name })]);
  });
});

describe('comment threads and notifications', () => {
  it('leave out or fold comments and the notifications that quote them, for the fan only', async () => {
    const owner = await signUp('fltowner');
    const commenter = await signUp('fltcommenter');
    const take = await postTake(owner, { title: `Thread ${tag()}` });
    await mute(owner, { kind: 'word', word: 'overrated', action: 'collapse' });
    await mute(owner, { kind: 'word', word: 'trash' });
    const post = async (text: string) =>
      (await call('POST', '/api/comments', { token: commenter.idToken, body: { text, postID: take._id } })).body;
    const folded = await post('He is OVERRATED, sorry');
    await post('Total trash take');
    const fine = await post('Great call');
    const thread = async (user: TestUser, reveal = false) =>
      (await call('GET', `/api/comments?postID=${take._id}${reveal ? '&reveal=true' : ''}`, as(user))).body;

    const mine = await thread(owner);
    expect(mine.comments.map((c: { _id: string }) => c._id)).toEqual([fine._id, folded._id]);
    expect(mine.comments[1]).toEqual({
      _id: folded._id,
      postID: take._id,
      parentComment: null,
      user: expect.objectContaining({ _id: commenter._id }),
      createdAt: expect.any(String),
      repliesCount: 0,
      collapsed: { reason: 'word', label: 'Muted word: “overrated”', game: null },
    });
    expect(JSON.stringify(mine)).not.toMatch(/OVERRATED|trash/);
    // Asked to see the thread: what was folded shows; what they hide stays out.
    expect((await thread(owner, true)).comments.map((c: { text: string }) => c.text)).toEqual(['Great call', 'He is OVERRATED, sorry']);
    expect((await call('GET', `/api/comments/${folded._id}`, as(owner))).body).toMatchObject({ text: 'He is OVERRATED, sorry' });
    expect((await thread(commenter)).comments).toHaveLength(3);

    const bell = (await call('GET', '/api/notifications', as(owner))).body.notifications.filter(
      (n: { take: { _id: string } | null }) => n.take?._id === take._id,
    );
    expect(bell.map((n: { comment: { _id: string } | null; collapsed: unknown }) => n.collapsed ?? n.comment?._id)).toEqual([
      fine._id,
      { reason: 'word', label: 'Muted word: “overrated”', game: null },
    ]);
    expect(bell[1]).toMatchObject({ take: { _id: take._id, title: '' }, comment: null });
    const whole = await call('GET', `/api/notifications/${bell[1]._id}`, as(owner));
    expect(whole.body).toMatchObject({ comment: { text: 'He is OVERRATED, sorry' }, take: { title: take.title }, collapsed: null });
    expect((await call('GET', `/api/notifications/${bell[1]._id}`, as(commenter))).status).toBe(404);
  });
});

describe('the spoiler shield', () => {
  const gameId = 990_000_000 + Math.floor(Math.random() * 1_000_000);
  const tipoff = new Date(Date.now() - 30 * 60 * 1000);
  const label = `Spoiler: ${AWAY.nickname} @ ${HOME.nickname}`;
  const spoiler = { reason: 'spoiler', label, game: gameId };
  let watcher: TestUser;
  let onHome: { _id: string; title: string };
  let onAwayPlayer: { _id: string; title: string };
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
    onAwayPlayer = await postTake(author, { ...playerTake(AWAY_PLAYER), title: `${AWAY_PLAYER.name} went off ${word}` });
    unrelated = await postTake(author, { ...teamTake(OTHER), title: `Quiet night ${tag()}` });
    expect(await call('PUT', `/api/account/filters/teams/${HOME.id}`, { token: watcher.idToken, body: { hours: 24 } })).toMatchObject({
      status: 200,
      body: { watchLater: [{ team: HOME.id, name: HOME.name, hours: 24 }] },
    });
  });

  it('folds takes naming the game’s teams or their players, from tip-off, in the feed, search and entity pages', async () => {
    const feed = await newest(watcher);
    expect(find(feed, onHome._id)).toEqual({
      _id: onHome._id,
      createdAt: expect.any(String),
      createdBy: expect.any(Object),
      collapsed: spoiler,
    });
    expect(find(feed, onAwayPlayer._id)?.collapsed).toEqual(spoiler);
    expect(find(feed, unrelated._id)).toMatchObject({ title: unrelated.title });
    expect(JSON.stringify(feed)).not.toContain(`up 20 ${word}`);
    expect(find(await newest(other), onHome._id)).toMatchObject({ title: onHome.title });

    const search = await searched(word, watcher);
    expect(
      search
        .filter((t) => t.collapsed)
        .map((t) => t._id)
        .sort(),
    ).toEqual([onHome._id, onAwayPlayer._id].sort());
    expect(JSON.stringify(search)).not.toContain('went off');
    const team = (await call<Listed[]>('GET', `/api/teams/${HOME.id}?sort=newest&limit=50`, as(watcher))).body;
    expect(find(team, onHome._id)?.collapsed).toEqual(spoiler);
    const player = (await call<Listed[]>('GET', `/api/players/${AWAY_PLAYER.id}?sort=newest&limit=50`, as(watcher))).body;
    expect(find(player, onAwayPlayer._id)?.collapsed).toEqual(spoiler);

    // Before tip-off nothing is shielded.
    const early = inFuture(tipoff.getTime() - Date.now() - 5 * 60 * 1000);
    expect(find(await newest(watcher, early), onHome._id)).toMatchObject({ title: onHome.title });
    expect((await filters(watcher)).body.games).toEqual([
      expect.objectContaining({ _id: gameId, matchup: `${AWAY.nickname} @ ${HOME.nickname}`, state: 'shielded', marked: false }),
    ]);
  });

  it('folds the game’s comments, trending, notifications and pages, with nothing of it in the HTML or the polls', async () => {
    const commenters = await Promise.all([1, 2, 3, 4].map(() => signUp('fltcomm')));
    // Forty comments since tip-off put the take at the head of the last 12 hours' most commented.
    for (let i = 0; i < 40; i += 1)
      await call('POST', '/api/comments', { token: commenters[i % 4]!.idToken, body: { text: `Score is ${i}-${i}`, postID: onHome._id } });
    const trending = (await call<Listed[]>('GET', '/api/takes/trending?timeRange=12h&sort=comments', as(watcher))).body;
    expect(find(trending, onHome._id)?.collapsed).toEqual(spoiler);
    expect(find((await call<Listed[]>('GET', '/api/takes/trending?timeRange=12h&sort=comments')).body, onHome._id)).toMatchObject({
      title: onHome.title,
    });

    const comments = (await call('GET', `/api/comments?postID=${onHome._id}`, as(watcher))).body;
    expect(comments.comments).toHaveLength(15);
    expect(comments.comments.every((c: Listed) => c.collapsed?.label === label)).toBe(true);
    expect(JSON.stringify(comments)).not.toContain('Score is');
    expect((await call('GET', `/api/comments?postID=${onHome._id}&reveal=true`, as(watcher))).body.comments[0].text).toMatch(/^Score is/);

    // The watcher's own take about the home team: theirs stays whole, the comments it draws since tip-off fold.
    const own = await postTake(watcher, { ...teamTake(HOME), title: `My pregame ${tag()}` });
    expect(find(await newest(watcher), own._id)).toMatchObject({ title: own.title });
    await call('POST', '/api/comments', { token: commenters[0]!.idToken, body: { text: 'They won by 12', postID: own._id } });
    const bell = (await call('GET', '/api/notifications', as(watcher))).body.notifications;
    expect(bell[0]).toMatchObject({ type: 'comment', take: { _id: own._id, title: '' }, comment: null, collapsed: spoiler });
    expect(JSON.stringify(bell)).not.toContain('won by 12');

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

    // The polls carry counts, never what a take says.
    const live = await call('GET', `/api/takes/${onHome._id}/live`, as(watcher));
    expect(Object.keys(live.body).sort()).toEqual(['commentsCount', 'dislikes', 'likes', 'shares']);
    expect(JSON.stringify((await call('GET', '/api/takes/newest', as(watcher))).body)).not.toContain(word);
  });

  it('folds the game’s thread and keeps its score off the slate, its page and its metadata', async () => {
    const onGame = await postTake(author, {
      entityType: 'game',
      gameID: gameId,
      playerID: null,
      team: null,
      specialID: null,
      tags: [gameId],
      title: `Blowout in the third ${word}`,
    });
    const thread = (await call<{ takes: Listed[]; nextCursor: string | null }>('GET', `/api/games/${gameId}/takes`, as(watcher))).body;
    expect(find(thread.takes, onGame._id)?.collapsed).toEqual(spoiler);
    expect(JSON.stringify(thread)).not.toContain('Blowout');
    expect(find((await call<{ takes: Listed[] }>('GET', `/api/games/${gameId}/takes`, as(other))).body.takes, onGame._id)).toMatchObject({
      title: onGame.title,
    });
    // Filed on the game, it folds whenever it was posted: in the feed too.
    expect(find(await newest(watcher), onGame._id)?.collapsed).toEqual(spoiler);

    const day = tipoff.toISOString().slice(0, 10);
    const slateGame = async (user: TestUser | null) =>
      (
        await call<{ games: { id: number; awayScore: number | null; homeScore: number | null }[] }>(
          'GET',
          `/api/games?date=${day}&tz=UTC`,
          as(user),
        )
      ).body.games.find((g) => g.id === gameId);
    expect(await slateGame(watcher)).toMatchObject({ awayScore: null, homeScore: null });
    expect(await slateGame(other)).toMatchObject({ awayScore: 127, homeScore: 131 });

    const cookie = await session(watcher);
    const shielded = await page(`/games/${gameId}`, cookie);
    expect(shielded).toContain('Spoiler shield on');
    expect(shielded).toContain(label);
    expect(shielded).not.toContain('Blowout');
    expect(shielded).not.toMatch(/127-131|>127<|>131</);
    expect(await page(`/games?date=${day}&tz=UTC`, cookie)).not.toMatch(/>127<|>131</);
    const open = await page(`/games/${gameId}`, await session(other));
    expect(open).toContain('Blowout');
    expect(open).toMatch(/127-131/);
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

  it('lifts when the fan taps Watched, or when the hours they chose have passed', async () => {
    const later = await signUp('fltlater');
    await call('PUT', `/api/account/filters/teams/${AWAY.id}`, { token: later.idToken, body: { hours: 3 } });
    expect(find(await newest(later), onHome._id)?.collapsed).toEqual(spoiler);
    expect(find(await newest(later, inFuture(3 * HOUR)), onHome._id)).toMatchObject({ title: onHome.title });

    const watched = await call('POST', `/api/account/filters/games/${gameId}/watched`, as(watcher));
    expect(watched.body.games).toEqual([expect.objectContaining({ _id: gameId, state: 'watched' })]);
    expect(find(await newest(watcher), onHome._id)).toMatchObject({ title: onHome.title });
    expect(await page(`/takes/${onHome._id}`, await session(watcher))).toContain(onHome.title);
    // Not watched yet after all: shielded again.
    await call('PUT', `/api/account/filters/games/${gameId}`, { token: watcher.idToken, body: { hours: 6 } });
    expect(find(await newest(watcher), onHome._id)?.collapsed).toEqual(spoiler);
  });

  it('shields a single game marked not watched yet, and only from its tip-off', async () => {
    const single = await signUp('fltsingle');
    const upcoming = gameId + 1;
    await Game.create({ _id: upcoming, season: '2026-27', home: OTHER.id, away: HOME.id, tipoff: new Date(Date.now() + 5 * HOUR) });
    expect((await call('PUT', `/api/account/filters/games/${upcoming}`, { token: single.idToken, body: { hours: 12 } })).status).toBe(200);
    expect((await call('PUT', `/api/account/filters/games/${gameId}`, { token: single.idToken, body: { hours: 12 } })).status).toBe(200);
    const answer = (await filters(single)).body;
    expect(answer.games.map((g: { _id: number; state: string; marked: boolean }) => [g._id, g.state, g.marked])).toEqual([
      [gameId, 'shielded', true],
      [upcoming, 'upcoming', true],
    ]);
    expect(answer.slate.map((g: { _id: number }) => g._id)).toEqual(expect.arrayContaining([gameId, upcoming]));
    expect(find(await newest(single), onHome._id)?.collapsed).toEqual(spoiler);
    expect(find(await newest(single), unrelated._id)).toMatchObject({ title: unrelated.title });
    expect((await call('PUT', '/api/account/filters/games/1', { token: single.idToken, body: { hours: 12 } })).status).toBe(404);
    expect(await call('PUT', `/api/account/filters/games/${upcoming}`, { token: single.idToken })).toMatchObject({
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
    const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => mute(crowded, { kind: 'word', word: `zzrush${i}` })));
    // None is kept past the cap: each one answered 200 is stored, each refused one is not. Racing, a few that would
    // have fitted may be refused too; one at a time, the fan then fills the list to the cap exactly.
    const kept = replies.filter((r) => r.status === 200).length;
    expect(replies.filter((r) => r.status !== 200).map((r) => [r.status, r.body.error])).toEqual(
      Array(30 - kept).fill([400, 'You can mute at most 100 words.']),
    );
    expect([kept > 0, kept <= 5, await MuteRule.countDocuments({ user, kind: 'word' })]).toEqual([true, true, 95 + kept]);
    for (let i = 0; i < 6 - kept; i += 1) await mute(crowded, { kind: 'word', word: `zzlater${i}` });
    expect(await MuteRule.countDocuments({ user, kind: 'word' })).toBe(100);
    // Muting one it has again changes it, at the cap too.
    expect((await mute(crowded, { kind: 'word', word: 'zzword3', action: 'collapse' })).status).toBe(200);

    // The data layer's own race, with nothing between the writes (no request, no token check to spread them out):
    // thirty at once for a fan at 95 keep the cap too.
    const racer = new mongoose.Types.ObjectId((await signUp('fltrace'))._id);
    await MuteRule.insertMany(
      Array.from({ length: 95 }, (_, i) => ({ user: racer, kind: 'word', key: `zzword${i}`, word: `zzword${i}`, action: 'hide' })),
    );
    const raced = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => muteInStore(racer, muteBody.parse({ kind: 'word', word: `zzrace${i}` }))),
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

describe('privacy', () => {
  it('no other fan can read or change a fan’s filters, and the data download includes them', async () => {
    const owner = await signUp('fltprivate');
    await mute(owner, { kind: 'word', word: 'secretword', action: 'collapse', duration: '7d' });
    await mute(owner, { kind: 'team', id: OTHER.id });
    await call('PUT', `/api/account/filters/teams/${HOME.id}`, { token: owner.idToken, body: { hours: 48 } });
    const mine = (await filters(owner)).body;
    expect(mine.mutes).toHaveLength(2);

    const theirs = (await filters(other)).body;
    expect(JSON.stringify(theirs)).not.toContain('secretword');
    const rule = mine.mutes.find((m: { kind: string }) => m.kind === 'word')._id;
    expect((await call('DELETE', `/api/account/filters/mutes/${rule}`, as(other))).status).toBe(404);
    expect((await filters(owner)).body.mutes).toHaveLength(2);
    expect((await call('GET', '/api/account/filters')).status).toBe(401);
    // Nothing public carries them.
    expect(JSON.stringify((await call('GET', `/api/users/full-profile/${owner._id}`)).body)).not.toContain('secretword');

    const data = (await call('GET', '/api/account/export', as(owner))).body;
    expect(data.mutes).toEqual(
      expect.arrayContaining([
        { kind: 'word', word: 'secretword', action: 'collapse', expiresAt: expect.any(String), since: expect.any(String) },
        { kind: 'team', teamID: OTHER.id, action: 'hide', expiresAt: null, since: expect.any(String) },
      ]),
    );
    expect(data.spoilerShield).toEqual([{ kind: 'watch-later', teamID: HOME.id, hours: 48, since: expect.any(String) }]);

    expect((await call('DELETE', `/api/account/filters/mutes/${rule}`, as(owner))).body.mutes).toHaveLength(1);
    expect((await call('DELETE', `/api/account/filters/teams/${HOME.id}`, as(owner))).body.watchLater).toEqual([]);
  });
});
