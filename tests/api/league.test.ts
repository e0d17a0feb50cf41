import { dbConnect, dbDisconnect } from '@/lib/db';
import { LeagueChange, Player } from '@/models';
import { signInAdmin } from '@/tests/support/admin';
import { call, postTake, signUp, type TestUser } from '@/tests/support/api';
import {
  addFixturePlayer,
  as,
  EAST,
  freshGameId,
  freshPlayerId,
  freshTeamId,
  importFiles,
  LEAGUE_API,
  utcDay,
  WEST,
} from '@/tests/support/league';

let admin: TestUser;
let fan: TestUser;

beforeAll(async () => {
  await dbConnect();
  [admin, fan] = await Promise.all([signInAdmin(), signUp('leaguefan')]);
}, 60_000);

afterAll(() => dbDisconnect());

const logSize = () => LeagueChange.countDocuments();
const stored = (id: number) => Player.findById(id).lean();

describe('who may use the league console', () => {
  // The league console is part of moderation, which admits to nobody else that it exists (docs/product.md#roles):
  // a visitor gets the same 404 as a signed-in fan, not a 401 that would say there is something to sign in for.
  it('answers 404 to visitors and fans on every operation, and writes nothing', async () => {
    const id = await addFixturePlayer(admin, 'Zz Hidden Console', EAST.id);
    const before = await logSize();
    const operations: [string, string, unknown?][] = [
      ['GET', `${LEAGUE_API}/players?q=zz`],
      ['POST', `${LEAGUE_API}/players`, { id: freshPlayerId(), name: 'Zz Nobody', team: EAST.id }],
      ['GET', `${LEAGUE_API}/players/${id}`],
      ['PATCH', `${LEAGUE_API}/players/${id}`, { name: 'Zz Renamed' }],
      ['POST', `${LEAGUE_API}/players/${id}/move`, { team: WEST.id, from: utcDay(0) }],
      ['POST', `${LEAGUE_API}/players/${id}/inactive`, { status: 'retired', from: utcDay(0) }],
      ['GET', `${LEAGUE_API}/teams`],
      ['PATCH', `${LEAGUE_API}/teams/${EAST.id}`, { name: 'Zz Renamed' }],
      ['GET', `${LEAGUE_API}/topics`],
      ['POST', `${LEAGUE_API}/topics`, { id: 'zz-nobody', name: 'Zz Nobody' }],
      ['PATCH', `${LEAGUE_API}/topics/mvp-race`, { open: false }],
      ['GET', `${LEAGUE_API}/games`],
      ['POST', `${LEAGUE_API}/games`, { id: freshGameId(), home: EAST.id, away: WEST.id, tipoff: '2026-12-01T19:00:00-05:00' }],
      ['PATCH', `${LEAGUE_API}/games/22600001`, { status: 'final', homeScore: 1, awayScore: 0 }],
      ['GET', `${LEAGUE_API}/changes`],
    ];
    for (const who of [null, fan]) {
      for (const [method, path, body] of operations) {
        const reply = await call(method, path, as(who, body === undefined ? {} : { body }));
        expect({ who: who?.username ?? 'visitor', method, path, status: reply.status, body: reply.body }).toEqual({
          who: who?.username ?? 'visitor',
          method,
          path,
          status: 404,
          body: { error: 'Not found.' },
        });
      }
      const upload = await importFiles(who, [{ name: 'players.csv', text: `player_id,name,team_id\n${id},Zz Moved,${WEST.id}\n` }]);
      expect(upload.status).toBe(404);
    }
    expect(await logSize()).toBe(before);
    expect(await stored(id)).toMatchObject({ name: 'Zz Hidden Console', teamId: EAST.id });
  }, 60_000);
});

describe('a trade', () => {
  it("moves a player from a day: his page names the new team, and a take posted before keeps the old team, on its card and on the old team's page", async () => {
    const id = await addFixturePlayer(admin, 'Zz Traded Guard', EAST.id);
    const before = await postTake(fan, { title: `Zz before the trade ${id}`, playerID: id, tags: [id] });

    const trade = await call('POST', `${LEAGUE_API}/players/${id}/move`, as(admin, { body: { team: WEST.id, from: utcDay(0) } }));
    expect(trade.status).toBe(200);
    expect(trade.body).toMatchObject({ team: { id: WEST.id }, status: 'active', lastMove: `${utcDay(0)}T00:00:00.000Z` });
    expect(trade.body.stints).toEqual([
      { team: expect.objectContaining({ id: EAST.id }), from: null, to: `${utcDay(0)}T00:00:00.000Z` },
      { team: expect.objectContaining({ id: WEST.id }), from: `${utcDay(0)}T00:00:00.000Z`, to: null },
    ]);

    const page = String((await call('GET', `/players/${id}`)).body);
    expect(page).toContain(WEST.name);
    expect(page).toContain('Formerly');
    expect(page).toContain(EAST.name);

    const after = await postTake(fan, { title: `Zz after the trade ${id}`, playerID: id, tags: [id] });
    const card = (await call('GET', `/api/takes/${before._id}`)).body;
    expect(card.playerTeam).toEqual({ type: 'team', id: EAST.id, name: EAST.name });
    expect((await call('GET', `/api/takes/${after._id}`)).body.playerTeam).toEqual({ type: 'team', id: WEST.id, name: WEST.name });

    const onPage = async (team: number) => ((await call('GET', `/api/teams/${team}?limit=50`)).body as { _id: string }[]).map((t) => t._id);
    expect(await onPage(EAST.id)).toContain(before._id);
    expect(await onPage(EAST.id)).not.toContain(after._id);
    expect(await onPage(WEST.id)).toContain(after._id);
    expect(await onPage(WEST.id)).not.toContain(before._id);
    expect(String((await call('GET', `/teams/nba/${EAST.id}`)).body)).toContain(before.title);
  }, 60_000);
});

describe('pages and answers the console’s writes reach', () => {
  // The console's rules (refusals, signings, renames, rebrands, topics, games, the audit log) are
  // tests/data/league.test.ts's; here, the answers over HTTP and the pages and caches they reach.
  it('keeps an inactive player’s page, and a closed topic’s page with its takes', async () => {
    const id = freshPlayerId();
    expect(
      await call(
        'POST',
        `${LEAGUE_API}/players`,
        as(admin, { body: { id, name: 'Zz Rookie', position: 'F', team: EAST.id, from: utcDay(-1) } }),
      ),
    ).toMatchObject({ status: 201, body: { id, status: 'active' } });
    expect(
      (await call('POST', `${LEAGUE_API}/players/${id}/inactive`, as(admin, { body: { status: 'waived', from: utcDay(0) } }))).body,
    ).toMatchObject({ status: 'waived', team: null });
    expect((await call('GET', `/players/${id}`)).status).toBe(200);

    const topic = `zz-topic-${freshPlayerId()}`;
    expect((await call('POST', `${LEAGUE_API}/topics`, as(admin, { body: { id: topic, name: 'Zz All-Star Break' } }))).status).toBe(201);
    const take = await postTake(fan, { entityType: 'special', playerID: null, specialID: topic, tags: [topic] });
    expect((await call('PATCH', `${LEAGUE_API}/topics/${topic}`, as(admin, { body: { open: false } }))).body).toMatchObject({
      open: false,
    });
    const page = await call('GET', `/topics/${topic}`);
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain(take.title);
  }, 60_000);

  it('shows a game the console adds, and its final score at once, not after the game page’s minute in the cache', async () => {
    const id = freshGameId();
    const tipoff = `${utcDay(1)}T00:30:00.000Z`;
    expect(
      (
        await call(
          'POST',
          `${LEAGUE_API}/games`,
          as(admin, { body: { id: String(id).padStart(10, '0'), home: EAST.id, away: WEST.id, tipoff } }),
        )
      ).status,
    ).toBe(201);
    // The fans' game page reads it, and keeps it in its cache until the console changes it.
    expect((await call('GET', `/api/games/${id}`)).body).toMatchObject({ id, status: 'scheduled', homeScore: null, awayScore: null });
    const final = await call('PATCH', `${LEAGUE_API}/games/${id}`, as(admin, { body: { status: 'final', homeScore: 101, awayScore: 99 } }));
    expect(final).toMatchObject({ status: 200, body: { status: 'final', homeScore: 101, awayScore: 99 } });
    expect((await call('GET', `/api/games/${id}`)).body).toMatchObject({ id, status: 'final', homeScore: 101, awayScore: 99 });
    const day = await call('GET', `${LEAGUE_API}/games?from=${utcDay(1)}&to=${utcDay(1)}`, as(admin));
    expect((day.body as { id: number }[]).map((g) => g.id)).toContain(id);
    expect((await call('GET', `${LEAGUE_API}/changes`, as(admin))).status).toBe(200);
  }, 60_000);
});

describe('a team renamed back', () => {
  // Issue #53 item 5: the name a team has again is its name, not one it had.
  it('lists its current name nowhere among its former names, and keeps the one in between', async () => {
    const team = freshTeamId();
    await importFiles(admin, [
      {
        name: 'teams.csv',
        text: `team_id,name,city,nickname,abbreviation,conference,primary_color,secondary_color\n${team},Zzlos Angeles Lakers,Los Angeles,Lakers,LAL,West,#552583,#FDB927\n`,
      },
    ]);
    const rename = (name: string, nickname: string, abbreviation: string) =>
      call('PATCH', `${LEAGUE_API}/teams/${team}`, as(admin, { body: { name, nickname, abbreviation } }));
    expect((await rename('Zzlos Angeles Stars', 'Stars', 'LAS')).status).toBe(200);
    const back = await rename('Zzlos Angeles Lakers', 'Lakers', 'LAL');
    expect(back.status).toBe(200);
    expect(back.body.formerNames.map((f: { name: string }) => f.name)).toEqual(['Zzlos Angeles Stars']);
    const listed = ((await call('GET', '/api/teams')).body as { id: number; formerNames?: string[] }[]).find((t) => t.id === team);
    expect(listed).toEqual({ id: team, name: 'Zzlos Angeles Lakers', formerNames: ['Zzlos Angeles Stars'] });
  }, 60_000);
});
