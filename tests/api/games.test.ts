import { dbConnect, dbDisconnect } from '@/lib/db';
import { EntityStat, Take } from '@/models';
import { call, PLAYERS, postTake, signUp, TEAMS, TEST_NOW, type TestUser } from '@/tests/support/api';
import { storeGame } from '@/tests/support/games';

const HOUR = 60 * 60 * 1000;
const [AWAY, HOME, OTHER] = [TEAMS[4]!, TEAMS[5]!, TEAMS[6]!];

type Slate = { date: string; timeZone: string; previous: string; next: string; games: { id: number; tipoff: string }[] };
type TakeBody = {
  _id: string;
  entityType: string;
  gameID: number | null;
  matchup: { away: number; home: number } | null;
  namedTeams: number[];
  tags: (number | string)[];
  entity: { type: string; id: number; name: string };
  playerID: number | null;
  team: number | null;
};

/** A take on a game, as the composer sends it: the spec's ids null, the game's id in gameID (and first among the tags). */
const gameTake = (gameID: number, extra: Record<string, unknown> = {}) => ({
  entityType: 'game',
  gameID,
  playerID: null,
  team: null,
  specialID: null,
  tags: [gameID],
  ...extra,
});

const statTakes = async (key: string) => (await EntityStat.findById(key).lean())?.takes ?? 0;
const teamPage = async (team: number) => ((await call<TakeBody[]>('GET', `/api/teams/${team}?limit=50`)).body ?? []).map((t) => t._id);

let author: TestUser;
let fan: TestUser;
beforeAll(async () => {
  await dbConnect();
  [author, fan] = await Promise.all([signUp('gamer'), signUp('gamefan')]);
});
afterAll(() => dbDisconnect());

describe('the slate', () => {
  // A day of its own, far from the days other suites fill.
  const DAY = `2041-03-${String(10 + Math.floor(Math.random() * 15)).padStart(2, '0')}`;
  let late: number, early: number, afternoon: number;
  beforeAll(async () => {
    // 23:30 UTC is 19:30 that day in New York and 08:30 the next morning in Tokyo; 02:00 UTC is still the evening
    // before in New York; 18:00 UTC is that afternoon in New York and the next day's small hours in Tokyo.
    late = (await storeGame({ tipoff: new Date(`${DAY}T23:30:00Z`), away: AWAY.id, home: HOME.id }))._id;
    early = (
      await storeGame({
        tipoff: new Date(`${DAY}T02:00:00Z`),
        away: OTHER.id,
        home: AWAY.id,
        status: 'final',
        awayScore: 101,
        homeScore: 99,
      })
    )._id;
    afternoon = (
      await storeGame({ tipoff: new Date(`${DAY}T18:00:00Z`), away: HOME.id, home: OTHER.id, status: 'live', awayScore: 40, homeScore: 38 })
    )._id;
  });

  it("lists a day's games from midnight to midnight in the zone asked, in tip-off order", async () => {
    const newYork = await call<Slate>('GET', `/api/games?date=${DAY}&tz=America/New_York`);
    expect(newYork.status).toBe(200);
    expect(newYork.body.games.map((g) => g.id)).toEqual([afternoon, late]);
    const tokyo = await call<Slate>('GET', `/api/games?date=${DAY}&tz=Asia/Tokyo`);
    expect(tokyo.body.games.map((g) => g.id)).toEqual([early]);
    const utc = await call<Slate>('GET', `/api/games?date=${DAY}&tz=UTC`);
    expect(utc.body.games.map((g) => g.id)).toEqual([early, afternoon, late]);
    const [, day] = DAY.split('-03-');
    expect(newYork.body).toMatchObject({
      date: DAY,
      timeZone: 'America/New_York',
      previous: `2041-03-${String(Number(day) - 1).padStart(2, '0')}`,
      next: `2041-03-${String(Number(day) + 1).padStart(2, '0')}`,
    });
  });

  it('names the teams, the status and the score, and reads today in the league zone without a date or zone', async () => {
    const reply = await call('GET', `/api/games?date=${DAY}&tz=UTC`);
    expect(reply.body.games[0]).toEqual({
      id: early,
      season: '2026-27',
      tipoff: `${DAY}T02:00:00.000Z`,
      status: 'final',
      away: {
        id: OTHER.id,
        name: OTHER.name,
        nickname: expect.any(String),
        abbreviation: expect.any(String),
        color: expect.stringMatching(/^#/),
      },
      home: expect.objectContaining({ id: AWAY.id, name: AWAY.name }),
      awayScore: 101,
      homeScore: 99,
      takes: 0,
    });
    // The server's clock at 01:00 UTC the next day is still this evening in New York.
    const next = new Date(Date.parse(`${DAY}T00:00:00Z`) + 25 * HOUR).toISOString();
    const today = await call<Slate>('GET', '/api/games', { headers: { [TEST_NOW]: next } });
    expect(today.body).toMatchObject({ date: DAY, timeZone: 'America/New_York' });
    expect(today.body.games.map((g) => g.id)).toEqual([afternoon, late]);
  });

  it('answers one game, and 400 or 404 with a message for what is not one', async () => {
    expect(await call('GET', `/api/games/${late}`)).toMatchObject({
      status: 200,
      body: { id: late, status: 'scheduled', awayScore: null },
    });
    expect(await call('GET', '/api/games/123')).toMatchObject({ status: 404, body: { error: 'Game not found.' } });
    expect(await call('GET', '/api/games/123/live')).toMatchObject({ status: 404, body: { error: 'Game not found.' } });
    expect(await call('GET', '/api/games/123/takes')).toMatchObject({ status: 404, body: { error: 'Game not found.' } });
    for (const bad of ['abc', '0x10', '1e3', '-4']) expect((await call('GET', `/api/games/${bad}`)).body.error).toMatch(/id/);
    expect((await call('GET', '/api/games?date=2041-02-30')).body.error).toMatch(/YYYY-MM-DD/);
    expect((await call('GET', '/api/games?tz=Mars/Olympus')).body.error).toMatch(/IANA time zone/);
    expect((await call('GET', `/api/games/${late}/takes?cursor=nope`)).status).toBe(400);
  });
});

describe('time zones (issue #53 item 1)', () => {
  const ZONE = 'America/Argentina/ComodRivadavia';
  /** A spelling of `name` in a letter case of its own: a long zone has millions. */
  const spelling = (name: string, n: number) =>
    [...name].map((c, i) => ((Math.imul(n + 1, 2654435761) >>> (i % 31)) & 1 ? c.toUpperCase() : c.toLowerCase())).join('');
  const canonical = new Intl.DateTimeFormat('en-US', { timeZone: ZONE }).resolvedOptions().timeZone;
  const zoneNote = (html: string) => /Times in (?:<!-- -->)?([^<]+)</.exec(html)?.[1];
  const page = (path: string, headers: Record<string, string> = {}) =>
    call<string>('GET', path, { headers: { accept: 'text/html', 'sec-fetch-dest': 'document', ...headers } });

  it('answers 2,000 spellings of one zone by its canonical name, with the same day', async () => {
    const spellings = [...new Set(Array.from({ length: 2400 }, (_, n) => spelling(ZONE, n)))].slice(0, 2000);
    expect(spellings).toHaveLength(2000);
    const first = await call<Slate>('GET', `/api/games?date=2041-04-02&tz=${ZONE}`);
    expect(first.body.timeZone).toBe(canonical);
    const seen = new Map<string, number>();
    for (let i = 0; i < spellings.length; i += 25) {
      const replies = await Promise.all(
        spellings.slice(i, i + 25).map((tz) => call<Slate>('GET', `/api/games?date=2041-04-02&tz=${encodeURIComponent(tz)}`)),
      );
      for (const reply of replies) {
        const said = `${reply.status} ${reply.body.timeZone} ${reply.body.date}`;
        seen.set(said, (seen.get(said) ?? 0) + 1);
      }
    }
    expect(Object.fromEntries(seen)).toEqual({ [`200 ${canonical} 2041-04-02`]: 2000 });
  }, 120_000);

  it('reads the ?tz= of /games and the zone cookie by their canonical names, and links with the canonical one', async () => {
    const note = canonical.replaceAll('_', ' ');
    for (let n = 0; n < 40; n += 1) {
      const pinned = await page(`/games?tz=${encodeURIComponent(spelling(ZONE, n))}`);
      expect([pinned.status, zoneNote(pinned.body)]).toEqual([200, note]);
      // The day links carry the zone by its canonical name.
      expect(pinned.body).toContain(`tz=${encodeURIComponent(canonical)}`);
      const remembered = await page('/games', { cookie: `takes_tz=${encodeURIComponent(spelling(ZONE, n + 1000))}` });
      expect([remembered.status, zoneNote(remembered.body)]).toEqual([200, note]);
    }
    expect((await page('/games?tz=+05:30')).status).toBe(200);
    expect(zoneNote((await page('/games?tz=%2B05:30')).body)).toBe('America/New York');
  }, 120_000);

  it('does not believe x-vercel-ip-timezone off Vercel: a client writes it itself', async () => {
    const reply = await page('/games', { 'x-vercel-ip-timezone': 'Asia/Tokyo' });
    expect(reply.status).toBe(200);
    expect(zoneNote(reply.body)).toBe('America/New York');
  });
});

describe('a take on a game', () => {
  let game: number;
  beforeAll(async () => {
    game = (await storeGame({ tipoff: new Date(Date.now() + 2 * HOUR), away: AWAY.id, home: HOME.id }))._id;
  });

  it('is filed on the game, named by its teams, and counts for both teams', async () => {
    const before = await Promise.all([`game:${game}`, `team:${AWAY.id}`, `team:${HOME.id}`, `team:${OTHER.id}`].map(statTakes));
    const player = PLAYERS.find((p) => p.teamId === OTHER.id)!;
    const reply = await call<TakeBody>('POST', '/api/takes', {
      token: author.idToken,
      body: {
        title: 'Road win tonight',
        description: 'The bench travels.',
        addType: 'user',
        league: 'nba',
        ...gameTake(game, { tags: [game, player.id], playerID: 77 }),
      },
    });
    expect(reply.status).toBe(201);
    const take = reply.body;
    expect(take).toMatchObject({
      entityType: 'game',
      gameID: game,
      playerID: null,
      team: null,
      matchup: { away: AWAY.id, home: HOME.id },
      tags: [player.id],
      entity: { type: 'game', id: game, name: expect.stringContaining(' @ ') },
    });
    // The teams it names: the game's two, and the tagged player's team as it is today.
    expect([...take.namedTeams].sort()).toEqual([AWAY.id, HOME.id, OTHER.id].sort());

    expect(await teamPage(AWAY.id)).toContain(take._id);
    expect(await teamPage(HOME.id)).toContain(take._id);
    expect(await teamPage(OTHER.id)).not.toContain(take._id);
    expect((await call('GET', `/api/games/${game}/takes`)).body).toMatchObject({ takes: [{ _id: take._id }], nextCursor: null });
    expect((await call('GET', `/api/games/${game}`)).body.takes).toBe(1);
    const after = await Promise.all([`game:${game}`, `team:${AWAY.id}`, `team:${HOME.id}`, `team:${OTHER.id}`].map(statTakes));
    expect(after).toEqual([before[0]! + 1, before[1]! + 1, before[2]! + 1, before[3]]);

    // A like moves both teams' all-time likes; deleting the take takes it back from both, and from their pages.
    const likes = async () =>
      Promise.all([`team:${AWAY.id}`, `team:${HOME.id}`].map(async (k) => (await EntityStat.findById(k).lean())?.likes ?? 0));
    const likesBefore = await likes();
    expect((await call('POST', '/api/user-action', { token: fan.idToken, body: { actionType: 'like', postID: take._id } })).status).toBe(
      200,
    );
    expect(await likes()).toEqual(likesBefore.map((n) => n + 1));
    expect((await call('DELETE', `/api/takes/${take._id}`, { token: author.idToken })).status).toBe(200);
    expect(await likes()).toEqual(likesBefore);
    expect(await Promise.all([`game:${game}`, `team:${AWAY.id}`, `team:${HOME.id}`].map(statTakes))).toEqual(before.slice(0, 3));
    expect(await teamPage(HOME.id)).not.toContain(take._id);
  });

  it("counts its fan-base split for the author's team when it plays, else the home team's", async () => {
    const [awayFan, neutral] = await Promise.all([signUp('awayfan'), signUp('neutral')]);
    await call('PUT', `/api/users/${awayFan._id}/favorite-team`, { token: awayFan.idToken, body: { team: AWAY.id } });
    await call('PUT', `/api/users/${neutral._id}/favorite-team`, { token: neutral.idToken, body: { team: OTHER.id } });
    const fromAway = await postTake(awayFan, gameTake(game));
    const fromNeutral = await postTake(neutral, gameTake(game));
    expect((await Take.findById(fromAway._id).lean())?.fanTeam).toBe(AWAY.id);
    expect((await Take.findById(fromNeutral._id).lean())?.fanTeam).toBe(HOME.id);
  });

  it('is refused for a game not on the schedule, one far from tip-off, or without its game', async () => {
    const past = (await storeGame({ tipoff: new Date(Date.now() - 40 * HOUR), status: 'final' }))._id;
    const post = (body: Record<string, unknown>) =>
      call('POST', '/api/takes', { token: author.idToken, body: { title: 'T', description: 'D', ...body } });
    expect(await post(gameTake(123))).toMatchObject({ status: 400, body: { error: 'Unknown game: 123.' } });
    expect(await post(gameTake(past))).toMatchObject({ status: 400, body: { error: expect.stringMatching(/closed/) } });
    expect(await post(gameTake(game, { gameID: null, tags: [] }))).toMatchObject({
      status: 400,
      body: { error: 'All fields are required.' },
    });
    expect(await post(gameTake(game, { gameID: 'abc' }))).toMatchObject({ status: 400, body: { error: expect.any(String) } });
    expect(await post(gameTake(game, { tags: [game, 'no-such-topic'] }))).toMatchObject({
      status: 400,
      body: { error: 'Unknown tag: no-such-topic.' },
    });
  });
});

describe('a game thread', () => {
  it('pages newest first, ten at a time, never repeating, and leaves out a fan the reader muted', async () => {
    const game = (await storeGame({ tipoff: new Date(Date.now() + HOUR) }))._id;
    const [other, reader] = await Promise.all([signUp('threader'), signUp('threadread')]);
    const posted: string[] = [];
    for (let i = 0; i < 12; i += 1)
      posted.push((await postTake(i % 3 ? author : other, { ...gameTake(game), title: `Thread take ${i}` }))._id);
    const first = await call('GET', `/api/games/${game}/takes`);
    expect(first.body.takes).toHaveLength(10);
    expect(first.body.nextCursor).toMatch(/^\d+_[a-f0-9]{24}$/);
    const second = await call('GET', `/api/games/${game}/takes?cursor=${first.body.nextCursor}`);
    expect(second.body).toMatchObject({ nextCursor: null });
    expect([...first.body.takes, ...second.body.takes].map((t: { _id: string }) => t._id)).toEqual([...posted].reverse());

    expect((await call('PUT', `/api/account/mutes/${other._id}`, { token: reader.idToken })).status).toBe(200);
    const muted = await call('GET', `/api/games/${game}/takes?limit=50`, { token: reader.idToken });
    expect(muted.body.takes.map((t: { _id: string }) => t._id)).toEqual(posted.filter((_, i) => i % 3).reverse());
  }, 60_000);

  it('answers its poll with the score and the newest take, 304 while nothing changed', async () => {
    const game = await storeGame({ tipoff: new Date(Date.now() - HOUR), status: 'live', awayScore: 55, homeScore: 60 });
    const empty = await call('GET', `/api/games/${game._id}/live`);
    expect(empty).toMatchObject({ status: 200, body: { status: 'live', awayScore: 55, homeScore: 60, takes: 0, newest: null } });
    const etag = empty.headers.get('etag')!;
    expect((await call('GET', `/api/games/${game._id}/live`, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    const take = await postTake(author, gameTake(game._id));
    const after = await call('GET', `/api/games/${game._id}/live`, { headers: { 'If-None-Match': etag } });
    expect(after).toMatchObject({ status: 200, body: { takes: 1, newest: { _id: take._id } } });
  });
});
