import { dbConnect, dbDisconnect } from '@/lib/db';
import { call, postTake, signUp, TEAMS, TEST_NOW, type TestUser } from '@/tests/support/api';
import { storeGame } from '@/tests/support/games';

// The slate's days and zones, a take on a game and a game's thread are tests/data/games.test.ts's; here, the API's
// answers, the server's clock, its refusals and the game's poll.

const HOUR = 60 * 60 * 1000;
const [AWAY, HOME, OTHER] = [TEAMS[4]!, TEAMS[5]!, TEAMS[6]!];

type Slate = { date: string; timeZone: string; previous: string; next: string; games: { id: number; tipoff: string }[] };
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

let author: TestUser;
beforeAll(async () => {
  await dbConnect();
  author = await signUp('gamer');
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

  it("answers a day's slate in the zone asked, and reads today in the league zone without a date or zone", async () => {
    const utc = await call<Slate>('GET', `/api/games?date=${DAY}&tz=UTC`);
    expect(utc.status).toBe(200);
    expect(utc.body.games.map((g) => g.id)).toEqual([early, afternoon, late]);
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
  // Where it is filed, what it counts for and what is refused are tests/data/games.test.ts's; here, what the API parses.
  it('is refused without its game, or with a game id that is not one', async () => {
    const game = (await storeGame({ tipoff: new Date(Date.now() + 2 * HOUR), away: AWAY.id, home: HOME.id }))._id;
    const post = (body: Record<string, unknown>) =>
      call('POST', '/api/takes', { token: author.idToken, body: { title: 'T', description: 'D', ...body } });
    expect(await post(gameTake(game, { gameID: null, tags: [] }))).toMatchObject({
      status: 400,
      body: { error: 'All fields are required.' },
    });
    expect(await post(gameTake(game, { gameID: 'abc' }))).toMatchObject({ status: 400, body: { error: expect.any(String) } });
    expect(await post(gameTake(game))).toMatchObject({ status: 201, body: { gameID: game, matchup: { away: AWAY.id, home: HOME.id } } });
  });
});

describe('a game thread', () => {
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
