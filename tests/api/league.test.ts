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
  THIRD,
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

  it('is refused with a 400 naming the field when dated before his last move or in the future, to his own team, or to a team that does not exist; nothing is written', async () => {
    const id = await addFixturePlayer(admin, 'Zz Refused Trade', EAST.id);
    expect((await call('POST', `${LEAGUE_API}/players/${id}/move`, as(admin, { body: { team: WEST.id, from: utcDay(-2) } }))).status).toBe(
      200,
    );
    const [playerBefore, logBefore] = [await stored(id), await logSize()];
    const refusals: [Record<string, unknown>, RegExp][] = [
      [{ team: THIRD.id, from: utcDay(-5) }, /^from: .* is before his last move \(/],
      [{ team: THIRD.id, from: utcDay(3) }, /^from: .* is in the future$/],
      [{ team: WEST.id, from: utcDay(0) }, /^team: he is on that team already$/],
      [{ team: 1610612999, from: utcDay(0) }, /^team: no team 1610612999 in the league$/],
      [{ team: THIRD.id, from: 'last tuesday' }, /^from: must be a date/],
    ];
    for (const [body, message] of refusals) {
      const reply = await call('POST', `${LEAGUE_API}/players/${id}/move`, as(admin, { body }));
      expect({ body, status: reply.status }).toEqual({ body, status: 400 });
      expect(reply.body.error).toMatch(message);
    }
    expect(await stored(id)).toEqual(playerBefore);
    expect(await logSize()).toBe(logBefore);
    expect(
      (await call('POST', `${LEAGUE_API}/players/${freshPlayerId()}/move`, as(admin, { body: { team: THIRD.id, from: utcDay(0) } })))
        .status,
    ).toBe(404);
  }, 60_000);
});

describe('signings and inactive players', () => {
  it('adds a rookie, refuses an id that is taken, marks a player inactive and signs him again', async () => {
    const id = freshPlayerId();
    const rookie = await call(
      'POST',
      `${LEAGUE_API}/players`,
      as(admin, { body: { id, name: 'Zz Rookie', position: 'F', jersey: '9', team: EAST.id, from: utcDay(-1) } }),
    );
    expect(rookie.status).toBe(201);
    expect(rookie.body).toMatchObject({ id, name: 'Zz Rookie', status: 'active', team: { id: EAST.id } });
    const taken = await call('POST', `${LEAGUE_API}/players`, as(admin, { body: { id, name: 'Zz Someone Else', team: WEST.id } }));
    expect(taken).toMatchObject({ status: 400, body: { error: `id: player ${id} is Zz Rookie already` } });
    expect(
      (await call('POST', `${LEAGUE_API}/players`, as(admin, { body: { id: freshPlayerId(), name: 'Zz No Team', team: 1610612999 } })))
        .body,
    ).toEqual({
      error: 'team: no team 1610612999 in the league',
    });
    expect(
      (
        await call(
          'POST',
          `${LEAGUE_API}/players`,
          as(admin, { body: { id: freshPlayerId(), name: 'Zz Active', team: null, status: 'active' } }),
        )
      ).body,
    ).toEqual({
      error: 'team: an active player needs a team',
    });

    const waived = await call('POST', `${LEAGUE_API}/players/${id}/inactive`, as(admin, { body: { status: 'waived', from: utcDay(0) } }));
    expect(waived.body).toMatchObject({ status: 'waived', team: null });
    const listed = ((await call('GET', '/api/players')).body as { id: number; inactive?: true }[]).find((p) => p.id === id);
    expect(listed).toEqual({ id, name: 'Zz Rookie', inactive: true });
    // An inactive player keeps his page.
    expect((await call('GET', `/players/${id}`)).status).toBe(200);

    const signed = await call('POST', `${LEAGUE_API}/players/${id}/move`, as(admin, { body: { team: THIRD.id, from: utcDay(0) } }));
    expect(signed.body).toMatchObject({ status: 'active', team: { id: THIRD.id } });
    expect(((await call('GET', '/api/players')).body as { id: number; inactive?: true }[]).find((p) => p.id === id)).toEqual({
      id,
      name: 'Zz Rookie',
    });
  }, 60_000);

  it('renames a player, and his takes are found by the old name and the new', async () => {
    const id = await addFixturePlayer(admin, 'Zzoldname Player', EAST.id);
    const take = await postTake(fan, { title: 'Zz a take under the old name', playerID: id, tags: [id] });
    const renamed = await call('PATCH', `${LEAGUE_API}/players/${id}`, as(admin, { body: { name: 'Zznewname Player', jersey: '12' } }));
    expect(renamed.body).toMatchObject({ name: 'Zznewname Player', jersey: '12' });
    for (const q of ['zzoldname', 'zznewname']) {
      expect(((await call('GET', `/api/search/takes?q=${q}`)).body as { _id: string }[]).map((t) => t._id)).toContain(take._id);
    }
    expect((await call('GET', `/api/takes/${take._id}`)).body.entity.name).toBe('Zznewname Player');
    expect((await call('PATCH', `${LEAGUE_API}/players/${id}`, as(admin, { body: {} }))).body.error).toBe(
      'Nothing to change: send a name, position or jersey.',
    );
  }, 60_000);
});

describe('a rebrand', () => {
  it("keeps the old name as a former name that search finds, names the team's old takes anew, and edits colours", async () => {
    const team = freshTeamId();
    const created = await importFiles(admin, [
      {
        name: 'teams.csv',
        text: `team_id,name,city,nickname,abbreviation,conference,primary_color,secondary_color\n${team},Zzseattle Supersonics,Seattle,Supersonics,SEA,West,#00653A,#FFC200\n`,
      },
    ]);
    expect(created.body.counts).toEqual({ 'teams added': 1 });
    const take = await postTake(fan, { title: 'Zz the old name', entityType: 'team', playerID: null, team, tags: [team] });

    const rebrand = await call(
      'PATCH',
      `${LEAGUE_API}/teams/${team}`,
      as(admin, {
        body: { name: 'Zzmetro Thunderbolts', city: 'Metro', nickname: 'Thunderbolts', abbreviation: 'MTB', primaryColor: '#123abc' },
      }),
    );
    expect(rebrand.status).toBe(200);
    expect(rebrand.body).toMatchObject({
      name: 'Zzmetro Thunderbolts',
      abbreviation: 'MTB',
      primaryColor: '#123ABC',
      secondaryColor: '#FFC200',
    });
    expect(rebrand.body.formerNames).toEqual([
      { name: 'Zzseattle Supersonics', city: 'Seattle', nickname: 'Supersonics', abbreviation: 'SEA', until: expect.any(String) },
    ]);
    expect(((await call('GET', '/api/teams')).body as { id: number }[]).find((t) => t.id === team)).toEqual({
      id: team,
      name: 'Zzmetro Thunderbolts',
      formerNames: ['Zzseattle Supersonics'],
    });
    expect((await call('GET', `/api/takes/${take._id}`)).body.entity.name).toBe('Zzmetro Thunderbolts');
    for (const q of ['zzseattle', 'zzmetro']) {
      expect(((await call('GET', `/api/search/takes?q=${q}`)).body as { _id: string }[]).map((t) => t._id)).toContain(take._id);
    }
    // Colours alone are an edit: no former name is added.
    const recolour = await call('PATCH', `${LEAGUE_API}/teams/${team}`, as(admin, { body: { secondaryColor: '#000000' } }));
    expect(recolour.body.formerNames).toHaveLength(1);
    expect((await call('PATCH', `${LEAGUE_API}/teams/${team}`, as(admin, { body: { abbreviation: 'mt' } }))).body.error).toBe(
      'abbreviation: must be 2 to 4 capital letters, such as BOS',
    );
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

describe('topics', () => {
  it('closes a topic: its page and takes stay, a new take is refused with a clear 400; opening it takes them again', async () => {
    const id = `zz-topic-${freshPlayerId()}`;
    expect(
      (await call('POST', `${LEAGUE_API}/topics`, as(admin, { body: { id, name: 'Zz All-Star Break', description: 'The break.' } })))
        .status,
    ).toBe(201);
    expect((await call('POST', `${LEAGUE_API}/topics`, as(admin, { body: { id, name: 'Zz Twice' } }))).body.error).toBe(
      `id: the topic ${id} is Zz All-Star Break already`,
    );
    const take = await postTake(fan, { entityType: 'special', playerID: null, specialID: id, tags: [id] });

    expect((await call('PATCH', `${LEAGUE_API}/topics/${id}`, as(admin, { body: { open: false } }))).body).toEqual({
      id,
      name: 'Zz All-Star Break',
      description: 'The break.',
      open: false,
    });
    const refused = await call('POST', '/api/takes', {
      token: fan.idToken,
      body: { title: 'T', description: 'D', entityType: 'special', specialID: id, tags: [id], addType: 'user', league: 'nba' },
    });
    expect(refused).toMatchObject({ status: 400, body: { error: 'Zz All-Star Break is closed: it takes no new takes.' } });
    expect(((await call('GET', '/api/special-topics')).body as { id: string }[]).find((t) => t.id === id)).toEqual({
      id,
      name: 'Zz All-Star Break',
      closed: true,
    });
    const page = await call('GET', `/topics/${id}`);
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain(take.title);

    expect((await call('PATCH', `${LEAGUE_API}/topics/${id}`, as(admin, { body: { open: true } }))).body.open).toBe(true);
    expect((await postTake(fan, { entityType: 'special', playerID: null, specialID: id, tags: [id] }))._id).toBeDefined();
  }, 60_000);
});

describe('games', () => {
  it('adds a game and records its final score; refuses a team playing itself, a final without a score, a duplicate id and an unknown team', async () => {
    const id = freshGameId();
    const tipoff = `${utcDay(1)}T00:30:00.000Z`;
    const added = await call(
      'POST',
      `${LEAGUE_API}/games`,
      as(admin, { body: { id: String(id).padStart(10, '0'), home: EAST.id, away: WEST.id, tipoff } }),
    );
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      id,
      gameId: String(id).padStart(10, '0'),
      season: '2026-27',
      status: 'scheduled',
      tipoff,
      homeScore: null,
    });
    // The fans' game page reads it, and keeps it in its cache until the console changes it.
    expect((await call('GET', `/api/games/${id}`)).body).toMatchObject({ id, status: 'scheduled', homeScore: null, awayScore: null });

    const refusals: [string, string, Record<string, unknown>, string][] = [
      [
        'POST',
        `${LEAGUE_API}/games`,
        { id, home: EAST.id, away: WEST.id, tipoff },
        `id: game ${String(id).padStart(10, '0')} is on the schedule already`,
      ],
      ['POST', `${LEAGUE_API}/games`, { id: freshGameId(), home: EAST.id, away: EAST.id, tipoff }, 'away: a team cannot play itself'],
      [
        'POST',
        `${LEAGUE_API}/games`,
        { id: freshGameId(), home: 1610612999, away: EAST.id, tipoff },
        'home: no team 1610612999 in the league',
      ],
      [
        'POST',
        `${LEAGUE_API}/games`,
        { id: freshGameId(), home: WEST.id, away: EAST.id, tipoff: '2026-12-01' },
        'tipoff: must be a time with its zone, such as 2026-11-25T19:30:00-05:00',
      ],
      ['PATCH', `${LEAGUE_API}/games/${id}`, { status: 'final', homeScore: 101 }, 'awayScore: a final game needs both scores'],
      [
        'PATCH',
        `${LEAGUE_API}/games/${id}`,
        { homeScore: 3, awayScore: 2 },
        'status: a scheduled game has no score yet: make it live or final',
      ],
    ];
    for (const [method, path, body, error] of refusals) expect((await call(method, path, as(admin, { body }))).body).toEqual({ error });

    const final = await call('PATCH', `${LEAGUE_API}/games/${id}`, as(admin, { body: { status: 'final', homeScore: 101, awayScore: 99 } }));
    expect(final.body).toMatchObject({ status: 'final', homeScore: 101, awayScore: 99 });
    // The final score is on the game page at once, not after the page's minute in the cache.
    expect((await call('GET', `/api/games/${id}`)).body).toMatchObject({ id, status: 'final', homeScore: 101, awayScore: 99 });
    const day = await call('GET', `${LEAGUE_API}/games?from=${utcDay(1)}&to=${utcDay(1)}`, as(admin));
    expect((day.body as { id: number }[]).map((g) => g.id)).toContain(id);
    expect((await call('GET', `${LEAGUE_API}/games?from=${utcDay(0)}&to=${utcDay(90)}`, as(admin))).body.error).toBe(
      'to: at most 62 days after from',
    );
  }, 60_000);
});

describe('the audit log', () => {
  it('has every change with who made it, when, and the subject before and after, newest first', async () => {
    const id = await addFixturePlayer(admin, 'Zz Logged', EAST.id);
    expect((await call('POST', `${LEAGUE_API}/players/${id}/move`, as(admin, { body: { team: WEST.id, from: utcDay(0) } }))).status).toBe(
      200,
    );
    expect(
      (await call('POST', `${LEAGUE_API}/players/${id}/inactive`, as(admin, { body: { status: 'retired', from: utcDay(0) } }))).status,
    ).toBe(200);
    const page = (await call('GET', `${LEAGUE_API}/changes`, as(admin))).body;
    const mine = (page.changes as { subjectId: number }[]).filter((c) => c.subjectId === id);
    expect(mine).toEqual([
      expect.objectContaining({
        action: 'retire',
        source: 'console',
        by: expect.objectContaining({ username: admin.username }),
        summary: `Retired, left ${WEST.name} on ${new Date(`${utcDay(0)}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}`,
      }),
      expect.objectContaining({
        action: 'trade',
        source: 'console',
        before: expect.objectContaining({ teamId: EAST.id }),
        after: expect.objectContaining({ teamId: WEST.id }),
      }),
      expect.objectContaining({ action: 'add', source: 'import', by: expect.objectContaining({ username: admin.username }), before: null }),
    ]);
    expect(mine[1]).toMatchObject({ name: 'Zz Logged', summary: expect.stringContaining(`${EAST.name} → ${WEST.name} from `) });
    const next = await call('GET', `${LEAGUE_API}/changes?cursor=${encodeURIComponent(page.nextCursor)}`, as(admin));
    expect(next.status).toBe(200);
    expect((next.body.changes as { _id: string }[]).some((c) => (page.changes as { _id: string }[]).some((p) => p._id === c._id))).toBe(
      false,
    );
  }, 60_000);
});
