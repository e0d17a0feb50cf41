import { listPlayers, listTeams, listTopics } from '@/lib/data/discovery/entities';
import { getGame } from '@/lib/data/games/games';
import { addGame, editGame, listGames } from '@/lib/data/league/league-games';
import { listChanges } from '@/lib/data/league/league-log';
import { addPlayer, editPlayer, markInactive, movePlayer } from '@/lib/data/league/players';
import { editTeam } from '@/lib/data/league/teams';
import { addTopic, editTopic } from '@/lib/data/league/topics';
import { getTake } from '@/lib/data/takes/takes';
import {
  addGameBody,
  addPlayerBody,
  addTopicBody,
  changesQuery,
  editGameBody,
  editPlayerBody,
  editTeamBody,
  editTopicBody,
  gamesQuery,
  inactivePlayerBody,
  movePlayerBody,
} from '@/lib/validation/league';
import { LeagueChange, Player } from '@/models';
import { entityTakes, type Fan, outcome, plain, postTake, search, signInAdmin, signUp } from '@/tests/data/support/fans';
import {
  addFixturePlayer,
  EAST,
  freshGameId,
  freshPlayerId,
  freshTeamId,
  importFiles,
  THIRD,
  utcDay,
  WEST,
} from '@/tests/data/support/league';

// The league console's writes (docs/league-data.md#the-console), each body parsed by its route's schema; who may use
// the console, and what the pages show, are tests/api/league.test.ts's.

let admin: Fan;
let fan: Fan;

beforeAll(async () => {
  [admin, fan] = await Promise.all([signInAdmin(), signUp('leaguefan')]);
});

const logSize = () => LeagueChange.countDocuments();
const stored = (id: number) => Player.findById(id).lean();
const write = (work: () => Promise<unknown>) => outcome(work);
const move = (id: number, body: Record<string, unknown>) => write(() => movePlayer(id, movePlayerBody.parse(body), admin.id));
const searched = async (q: string) => (await search(null, q)).map((t) => t._id);

describe('a trade', () => {
  it('moves a player from a day: a take posted before keeps the old team, on its card and on the old team’s page', async () => {
    const id = await addFixturePlayer(admin, 'Zz Traded Guard', EAST.id);
    const before = await postTake(fan, { title: `Zz before the trade ${id}`, playerID: id, tags: [id] });

    const trade = await move(id, { team: WEST.id, from: utcDay(0) });
    expect(trade.status).toBe(200);
    expect(trade.body).toMatchObject({ team: { id: WEST.id }, status: 'active', lastMove: `${utcDay(0)}T00:00:00.000Z` });
    expect(trade.body.stints).toEqual([
      { team: expect.objectContaining({ id: EAST.id }), from: null, to: `${utcDay(0)}T00:00:00.000Z` },
      { team: expect.objectContaining({ id: WEST.id }), from: `${utcDay(0)}T00:00:00.000Z`, to: null },
    ]);

    const after = await postTake(fan, { title: `Zz after the trade ${id}`, playerID: id, tags: [id] });
    expect(plain(await getTake(before._id)).playerTeam).toEqual({ type: 'team', id: EAST.id, name: EAST.name });
    expect(plain(await getTake(after._id)).playerTeam).toEqual({ type: 'team', id: WEST.id, name: WEST.name });

    const onPage = async (team: number) => (await entityTakes(null, 'team', team, 'limit=50')).map((t) => t._id);
    expect(await onPage(EAST.id)).toContain(before._id);
    expect(await onPage(EAST.id)).not.toContain(after._id);
    expect(await onPage(WEST.id)).toContain(after._id);
    expect(await onPage(WEST.id)).not.toContain(before._id);
  });

  it('is refused with a 400 naming the field when dated before his last move or in the future, to his own team, or to a team that does not exist; nothing is written', async () => {
    const id = await addFixturePlayer(admin, 'Zz Refused Trade', EAST.id);
    expect((await move(id, { team: WEST.id, from: utcDay(-2) })).status).toBe(200);
    const [playerBefore, logBefore] = [await stored(id), await logSize()];
    const refusals: [Record<string, unknown>, RegExp][] = [
      [{ team: THIRD.id, from: utcDay(-5) }, /^from: .* is before his last move \(/],
      [{ team: THIRD.id, from: utcDay(3) }, /^from: .* is in the future$/],
      [{ team: WEST.id, from: utcDay(0) }, /^team: he is on that team already$/],
      [{ team: 1610612999, from: utcDay(0) }, /^team: no team 1610612999 in the league$/],
      [{ team: THIRD.id, from: 'last tuesday' }, /^from: must be a date/],
    ];
    for (const [body, message] of refusals) {
      const reply = await move(id, body);
      expect({ body, status: reply.status }).toEqual({ body, status: 400 });
      expect(reply.body.error).toMatch(message);
    }
    expect(await stored(id)).toEqual(playerBefore);
    expect(await logSize()).toBe(logBefore);
    expect((await move(freshPlayerId(), { team: THIRD.id, from: utcDay(0) })).status).toBe(404);
  });
});

describe('signings and inactive players', () => {
  it('adds a rookie, refuses an id that is taken, marks a player inactive and signs him again', async () => {
    const id = freshPlayerId();
    const add = (body: Record<string, unknown>) => write(() => addPlayer(addPlayerBody.parse(body), admin.id));
    const rookie = await add({ id, name: 'Zz Rookie', position: 'F', jersey: '9', team: EAST.id, from: utcDay(-1) });
    expect(rookie.status).toBe(200);
    expect(rookie.body).toMatchObject({ id, name: 'Zz Rookie', status: 'active', team: { id: EAST.id } });
    expect(await add({ id, name: 'Zz Someone Else', team: WEST.id })).toMatchObject({
      status: 400,
      body: { error: `id: player ${id} is Zz Rookie already` },
    });
    expect((await add({ id: freshPlayerId(), name: 'Zz No Team', team: 1610612999 })).body).toEqual({
      error: 'team: no team 1610612999 in the league',
    });
    expect((await add({ id: freshPlayerId(), name: 'Zz Active', team: null, status: 'active' })).body).toEqual({
      error: 'team: an active player needs a team',
    });

    const waived = await write(() => markInactive(id, inactivePlayerBody.parse({ status: 'waived', from: utcDay(0) }), admin.id));
    expect(waived.body).toMatchObject({ status: 'waived', team: null });
    expect(plain<{ id: number; inactive?: true }[]>(await listPlayers()).find((p) => p.id === id)).toEqual({
      id,
      name: 'Zz Rookie',
      inactive: true,
    });

    const signed = await move(id, { team: THIRD.id, from: utcDay(0) });
    expect(signed.body).toMatchObject({ status: 'active', team: { id: THIRD.id } });
    expect(plain<{ id: number; inactive?: true }[]>(await listPlayers()).find((p) => p.id === id)).toEqual({ id, name: 'Zz Rookie' });
  });

  it('renames a player, and his takes are found by the old name and the new', async () => {
    const id = await addFixturePlayer(admin, 'Zzoldname Player', EAST.id);
    const take = await postTake(fan, { title: 'Zz a take under the old name', playerID: id, tags: [id] });
    const edit = (body: Record<string, unknown>) => write(() => editPlayer(id, editPlayerBody.parse(body), admin.id));
    expect((await edit({ name: 'Zznewname Player', jersey: '12' })).body).toMatchObject({ name: 'Zznewname Player', jersey: '12' });
    for (const q of ['zzoldname', 'zznewname']) expect(await searched(q)).toContain(take._id);
    expect(plain(await getTake(take._id)).entity.name).toBe('Zznewname Player');
    expect((await edit({})).body.error).toBe('Nothing to change: send a name, position or jersey.');
  });
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
    const edit = (body: Record<string, unknown>) => write(() => editTeam(team, editTeamBody.parse(body), admin.id));

    const rebrand = await edit({
      name: 'Zzmetro Thunderbolts',
      city: 'Metro',
      nickname: 'Thunderbolts',
      abbreviation: 'MTB',
      primaryColor: '#123abc',
    });
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
    expect(plain<{ id: number }[]>(await listTeams()).find((t) => t.id === team)).toEqual({
      id: team,
      name: 'Zzmetro Thunderbolts',
      formerNames: ['Zzseattle Supersonics'],
    });
    expect(plain(await getTake(take._id)).entity.name).toBe('Zzmetro Thunderbolts');
    for (const q of ['zzseattle', 'zzmetro']) expect(await searched(q)).toContain(take._id);
    // Colours alone are an edit: no former name is added.
    expect((await edit({ secondaryColor: '#000000' })).body.formerNames).toHaveLength(1);
    expect((await edit({ abbreviation: 'mt' })).body.error).toBe('abbreviation: must be 2 to 4 capital letters, such as BOS');
  });
});

describe('topics', () => {
  it('closes a topic: its takes stay, a new take is refused with a clear 400; opening it takes them again', async () => {
    const id = `zz-topic-${freshPlayerId()}`;
    const add = (body: Record<string, unknown>) => write(() => addTopic(addTopicBody.parse(body), admin.id));
    const edit = (body: Record<string, unknown>) => write(() => editTopic(id, editTopicBody.parse(body), admin.id));
    expect((await add({ id, name: 'Zz All-Star Break', description: 'The break.' })).status).toBe(200);
    expect((await add({ id, name: 'Zz Twice' })).body.error).toBe(`id: the topic ${id} is Zz All-Star Break already`);
    const take = await postTake(fan, { entityType: 'special', playerID: null, specialID: id, tags: [id] });

    expect((await edit({ open: false })).body).toEqual({ id, name: 'Zz All-Star Break', description: 'The break.', open: false });
    expect(
      await outcome(() =>
        postTake(fan, { title: 'T', description: 'D', entityType: 'special', playerID: null, specialID: id, tags: [id] }),
      ),
    ).toMatchObject({ status: 400, body: { error: 'Zz All-Star Break is closed: it takes no new takes.' } });
    expect(plain<{ id: string }[]>(await listTopics()).find((t) => t.id === id)).toEqual({ id, name: 'Zz All-Star Break', closed: true });
    expect(plain(await getTake(take._id))).toMatchObject({ _id: take._id });

    expect((await edit({ open: true })).body.open).toBe(true);
    expect((await postTake(fan, { entityType: 'special', playerID: null, specialID: id, tags: [id] }))._id).toBeDefined();
  });
});

describe('games', () => {
  it('adds a game and records its final score; refuses a team playing itself, a final without a score, a duplicate id and an unknown team', async () => {
    const id = freshGameId();
    const tipoff = `${utcDay(1)}T00:30:00.000Z`;
    const add = (body: Record<string, unknown>) => write(() => addGame(addGameBody.parse(body), admin.id));
    const edit = (body: Record<string, unknown>) => write(() => editGame(id, editGameBody.parse(body), admin.id));
    const added = await add({ id: String(id).padStart(10, '0'), home: EAST.id, away: WEST.id, tipoff });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      id,
      gameId: String(id).padStart(10, '0'),
      season: '2026-27',
      status: 'scheduled',
      tipoff,
      homeScore: null,
    });
    expect(plain(await getGame(id))).toMatchObject({ id, status: 'scheduled', homeScore: null, awayScore: null });

    const refusals: [() => Promise<{ body: unknown }>, string][] = [
      [() => add({ id, home: EAST.id, away: WEST.id, tipoff }), `id: game ${String(id).padStart(10, '0')} is on the schedule already`],
      [() => add({ id: freshGameId(), home: EAST.id, away: EAST.id, tipoff }), 'away: a team cannot play itself'],
      [() => add({ id: freshGameId(), home: 1610612999, away: EAST.id, tipoff }), 'home: no team 1610612999 in the league'],
      [
        () => add({ id: freshGameId(), home: WEST.id, away: EAST.id, tipoff: '2026-12-01' }),
        'tipoff: must be a time with its zone, such as 2026-11-25T19:30:00-05:00',
      ],
      [() => edit({ status: 'final', homeScore: 101 }), 'awayScore: a final game needs both scores'],
      [() => edit({ homeScore: 3, awayScore: 2 }), 'status: a scheduled game has no score: make it live or final'],
    ];
    for (const [send, error] of refusals) expect((await send()).body).toEqual({ error });

    const final = await edit({ status: 'final', homeScore: 101, awayScore: 99 });
    expect(final.body).toMatchObject({ status: 'final', homeScore: 101, awayScore: 99 });
    expect(plain(await getGame(id))).toMatchObject({ id, status: 'final', homeScore: 101, awayScore: 99 });
    const day = plain<{ id: number }[]>(await listGames(gamesQuery.parse({ from: utcDay(1), to: utcDay(1) })));
    expect(day.map((g) => g.id)).toContain(id);
    expect((await outcome(() => listGames(gamesQuery.parse({ from: utcDay(0), to: utcDay(90) })))).body.error).toBe(
      'to: at most 62 days after from',
    );
  });
});

describe('the audit log', () => {
  it('has every change with who made it, when, and the subject before and after, newest first', async () => {
    const id = await addFixturePlayer(admin, 'Zz Logged', EAST.id);
    expect((await move(id, { team: WEST.id, from: utcDay(0) })).status).toBe(200);
    expect((await write(() => markInactive(id, inactivePlayerBody.parse({ status: 'retired', from: utcDay(0) }), admin.id))).status).toBe(
      200,
    );
    const page = plain(await listChanges(undefined));
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
    const next = plain(await listChanges(changesQuery.parse({ cursor: page.nextCursor }).cursor));
    expect((next.changes as { _id: string }[]).some((c) => (page.changes as { _id: string }[]).some((p) => p._id === c._id))).toBe(false);
  });
});
