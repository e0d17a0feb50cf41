import mongoose from 'mongoose';
import { listGames } from '@/lib/data/league/league-games';
import { backfillPlayerStints, backfillTakeTeams } from '@/lib/data/league/league-backfill';
import { addTopic } from '@/lib/data/league/topics';
import { addTopicBody, gamesQuery } from '@/lib/validation/league';
import { LeagueBatch, LeagueChange, Player, Take } from '@/models';
import { type Fan as TestUser, plain, postTake, runScheduledJob, signInAdmin, signUp } from '@/tests/data/support/fans';
import { addFixturePlayer, EAST, freshGameId, freshPlayerId, importFiles, THIRD, utcDay, WEST } from '@/tests/data/support/league';

let admin: TestUser;

beforeAll(async () => {
  admin = await signInAdmin();
});

const csv = (name: string, ...lines: string[]) => ({ name, text: `${lines.join('\n')}\n` });
const logSize = () => LeagueChange.countDocuments();

describe('an import that has a problem anywhere', () => {
  it('is refused with the file, line and field of each problem, and writes nothing', async () => {
    const id = await addFixturePlayer(admin, 'Zz Untouched', EAST.id);
    const [before, log] = [await Player.findById(id).lean(), await logSize()];
    const refusals: [{ name: string; text: string }[], string][] = [
      [
        [csv('roster.csv', 'player_id,name,position', `${id},Zz Moved,G`)],
        'roster.csv line 1, team_id: the players file has no team_id column',
      ],
      [
        [csv('roster.csv', 'player_id,name,team_id', `${id},Zz Moved,${WEST.id}`, `${freshPlayerId()},Zz New,1610612999`)],
        'roster.csv line 3, team_id: no team 1610612999 in the league',
      ],
      [
        [csv('roster.csv', 'player_id,name,team_id', `${id},Zz Moved,${WEST.id}`, `${id},Zz Again,${THIRD.id}`)],
        `roster.csv line 3, player_id: ${id} is listed twice (also line 2)`,
      ],
      [[csv('roster.csv', 'player_id,name,team_id,since', `${id},Zz Moved,${WEST.id},${utcDay(2)}`)], 'roster.csv line 2, since:'],
      [
        [
          csv(
            'schedule.csv',
            'game_id,tipoff,home_team_id,away_team_id,status',
            `${freshGameId()},2026-12-01T19:00:00-05:00,${EAST.id},${WEST.id},final`,
          ),
        ],
        'schedule.csv line 2, home_score: a final game needs both scores',
      ],
    ];
    for (const [files, error] of refusals) {
      const reply = await importFiles(admin, files);
      expect({ status: reply.status, error: String(reply.body.error).slice(0, error.length) }).toEqual({ status: 400, error });
    }
    expect(await Player.findById(id).lean()).toEqual(before);
    expect(await logSize()).toBe(log);
  });

  it('refuses a trade dated before the player’s last move', async () => {
    const id = await addFixturePlayer(admin, 'Zz Dated', EAST.id);
    expect(
      (await importFiles(admin, [csv('a.csv', 'player_id,name,team_id,since', `${id},Zz Dated,${WEST.id},${utcDay(-1)}`)])).status,
    ).toBe(200);
    const reply = await importFiles(admin, [csv('b.csv', 'player_id,name,team_id,since', `${id},Zz Dated,${THIRD.id},${utcDay(-3)}`)]);
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatch(/^b\.csv line 2, since: .* is before his last move \(/);
    expect(await Player.findById(id).lean()).toMatchObject({ teamId: WEST.id });
  });
});

describe('a crafted roster with a trade, a signing, a rename and a retirement', () => {
  it('shows the difference as a dry run and writes nothing, applies it, and finds nothing to change the second time', async () => {
    const [traded, renamed, retiring] = [
      await addFixturePlayer(admin, 'Zz Trade Me', EAST.id),
      await addFixturePlayer(admin, 'Zz Old Name', WEST.id),
      await addFixturePlayer(admin, 'Zz Veteran', THIRD.id),
    ];
    const signed = freshPlayerId();
    const file = csv(
      'moves.csv',
      'player_id,name,team_id,position,jersey,status,since',
      `${traded},Zz Trade Me,${WEST.id},G,,,${utcDay(-1)}`,
      `${signed},"Zz Signing, Jr.",${THIRD.id},F,7,,`,
      `${renamed},Zz New Name,${WEST.id},G,,,`,
      `${retiring},Zz Veteran,,G,,retired,${utcDay(0)}`,
    );
    const log = await logSize();
    const dry = await importFiles(admin, [file], { dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ dryRun: true, applied: false, conflicts: 0 });
    expect(dry.body.counts).toEqual({ 'players moved': 1, 'players added': 1, 'players renamed': 1, 'players retired': 1 });
    expect(dry.body.changes).toEqual([
      expect.objectContaining({ subjectId: traded, action: 'trade', summary: expect.stringContaining(`${EAST.name} → ${WEST.name} from`) }),
      expect.objectContaining({ subjectId: signed, action: 'add', summary: `Zz Signing, Jr.: Added on ${THIRD.name}` }),
      expect.objectContaining({ subjectId: renamed, action: 'rename', summary: 'Zz New Name: Name Zz Old Name → Zz New Name' }),
      expect.objectContaining({
        subjectId: retiring,
        action: 'retire',
        summary: expect.stringContaining(`Retired, left ${THIRD.name} on`),
      }),
    ]);
    expect(await Player.exists({ _id: signed })).toBeNull();
    expect(await Player.findById(traded).lean()).toMatchObject({ teamId: EAST.id });
    expect(await logSize()).toBe(log);

    const applied = await importFiles(admin, [file]);
    expect(applied.body).toMatchObject({ dryRun: false, applied: true, counts: dry.body.counts });
    expect(await Player.findById(traded).lean()).toMatchObject({ teamId: WEST.id, status: 'active' });
    expect(await Player.findById(signed).lean()).toMatchObject({
      name: 'Zz Signing, Jr.',
      teamId: THIRD.id,
      jersey: '7',
      stints: [{ team: THIRD.id, from: null, to: null }],
    });
    expect(await Player.findById(renamed).lean()).toMatchObject({ name: 'Zz New Name' });
    expect(await Player.findById(retiring).lean()).toMatchObject({ status: 'retired', teamId: null });
    expect(await logSize()).toBe(log + 4);

    const again = await importFiles(admin, [file]);
    expect(again.body).toMatchObject({ applied: false, counts: {}, changes: [] });
    expect(await logSize()).toBe(log + 4);
  });

  it('takes JSON too, and with a complete roster the players its teams no longer list are gone', async () => {
    const [kept, gone] = [await addFixturePlayer(admin, 'Zz Kept', THIRD.id), await addFixturePlayer(admin, 'Zz Gone', THIRD.id)];
    const listedNow = (await Player.find({ teamId: THIRD.id, status: 'active' }).select({ _id: 1, name: 1 }).lean()).filter(
      (p) => p._id !== gone,
    );
    const roster = JSON.stringify(
      { complete: true, players: listedNow.map((p) => ({ player_id: p._id, name: p.name, team_id: THIRD.id })) },
      null,
      2,
    );
    const dry = await importFiles(admin, [{ name: 'third.json', text: roster }], { dryRun: true });
    expect(dry.body.counts).toEqual({ 'players gone': 1 });
    expect(dry.body.changes).toEqual([expect.objectContaining({ subjectId: gone, action: 'release' })]);
    expect((await importFiles(admin, [{ name: 'third.json', text: roster }])).body.applied).toBe(true);
    expect(await Player.findById(gone).lean()).toMatchObject({ status: 'unsigned', teamId: null });
    expect(await Player.findById(kept).lean()).toMatchObject({ status: 'active', teamId: THIRD.id });
  });
});

describe('a schedule', () => {
  it('adds games, then moves one and scores another', async () => {
    const [a, b] = [freshGameId(), freshGameId()];
    const head = 'game_id,season,tipoff,home_team_id,away_team_id,status,home_score,away_score';
    const first = csv(
      'schedule.csv',
      head,
      `00${a},2026-27,2026-12-01T19:00:00-05:00,${EAST.id},${WEST.id},,,`,
      `00${b},,2026-12-01T20:00:00-05:00,${WEST.id},${THIRD.id},scheduled,,`,
    );
    expect((await importFiles(admin, [first])).body.counts).toEqual({ 'games added': 2 });
    const second = csv(
      'schedule.csv',
      head,
      `00${a},2026-27,2026-12-02T19:00:00-05:00,${EAST.id},${WEST.id},,,`,
      `00${b},,2026-12-01T20:00:00-05:00,${WEST.id},${THIRD.id},final,110,104`,
    );
    const dry = await importFiles(admin, [second], { dryRun: true });
    expect(dry.body.counts).toEqual({ 'games moved': 1, 'games scored': 1 });
    expect((await importFiles(admin, [second])).body.applied).toBe(true);
    const games = plain<{ id: number; status: string; homeScore: number | null; tipoff: string }[]>(
      await listGames(gamesQuery.parse({ from: '2026-12-01', to: '2026-12-03' })),
    );
    expect(games.find((g) => g.id === a)).toMatchObject({ tipoff: '2026-12-03T00:00:00.000Z', status: 'scheduled' });
    expect(games.find((g) => g.id === b)).toMatchObject({ status: 'final', homeScore: 110, season: '2026-27' });
  });
});

describe('a batch interrupted by a process that died', () => {
  /** What a process leaves when it dies right after writing its batch: the batch (a trade of a fixture player), and nothing of it applied. */
  async function abandonedTrade(name: string) {
    const id = await addFixturePlayer(admin, name, EAST.id);
    const row = (await Player.findById(id).lean())!;
    const at = new Date(`${utcDay(0)}T00:00:00Z`);
    const before = {
      name: row.name,
      position: row.position,
      jersey: row.jersey,
      status: row.status,
      teamId: row.teamId,
      stints: row.stints,
    };
    const after = {
      ...before,
      teamId: WEST.id,
      stints: [
        { team: EAST.id, from: null, to: at },
        { team: WEST.id, from: at, to: null },
      ],
    };
    const batch = await LeagueBatch.create({
      by: null,
      source: 'import',
      changes: [{ subject: 'player', subjectId: id, action: 'trade', rev: row.rev, before, after }],
    });
    await LeagueBatch.collection.updateOne({ _id: batch._id }, { $set: { createdAt: new Date(Date.now() - 60_000) } });
    expect(await Player.findById(id).lean()).toMatchObject({ teamId: EAST.id });
    return { id, row, batch };
  }

  it('is finished by the next league write, once', async () => {
    const { id, row, batch } = await abandonedTrade('Zz Interrupted');
    // Any league write finishes it first.
    await addTopic(addTopicBody.parse({ id: `zz-after-${id}`, name: 'Zz After' }), admin.id);
    expect(await Player.findById(id).lean()).toMatchObject({ teamId: WEST.id, rev: row.rev + 1 });
    expect(await LeagueBatch.findById(batch._id).lean()).toMatchObject({ state: 'done', conflicts: [] });
    expect(await LeagueChange.find({ batch: batch._id }).lean()).toEqual([expect.objectContaining({ subjectId: id, action: 'trade' })]);
  });

  it('is finished by the scheduled job when no league write comes', async () => {
    const { id, batch } = await abandonedTrade('Zz Interrupted Nightly');
    expect((await runScheduledJob()).leagueBatches).toBeGreaterThanOrEqual(1);
    expect(await Player.findById(id).lean()).toMatchObject({ teamId: WEST.id });
    expect(await LeagueBatch.findById(batch._id).lean()).toMatchObject({ state: 'done', conflicts: [] });
  });
});

describe('league data stored before it had a history', () => {
  it('gets stints, name keys and take teams from the migrations, and a second run changes nothing', async () => {
    const fan = await signUp('oldtakes');
    const id = freshPlayerId();
    await Player.collection.insertOne({
      _id: id as never,
      name: 'Zz Stored Before',
      teamId: EAST.id,
      position: 'G',
      jersey: '',
      status: 'active',
    });
    const playerTake = await postTake(fan, { playerID: id, tags: [id] });
    const teamTake = await postTake(fan, { entityType: 'team', playerID: null, team: WEST.id, tags: [WEST.id] });
    await Take.collection.updateMany(
      { _id: { $in: [playerTake._id, teamTake._id].map((t) => new mongoose.Types.ObjectId(t)) } },
      { $unset: { fanTeam: '' }, $set: { namedTeams: [] } },
    );
    // As main's take-entity-keys migration left a player's take stored without its team: its focus alone.
    await Take.collection.updateOne({ _id: new mongoose.Types.ObjectId(playerTake._id) }, { $set: { entityKeys: [`player:${id}`] } });

    await backfillPlayerStints();
    await backfillTakeTeams();
    const player = await Player.findById(id).select('+searchKeys').lean();
    expect(player).toMatchObject({
      stints: [{ team: EAST.id, from: null, to: null }],
      searchKeys: expect.arrayContaining(['zz', 'stored', 'before']),
    });
    // The player's take belongs to his team then: its split, its team's page, the teams it names.
    expect(await Take.findById(playerTake._id).lean()).toMatchObject({
      fanTeam: EAST.id,
      entityKeys: [`player:${id}`, `team:${EAST.id}`],
      namedTeams: [EAST.id],
    });
    expect(await Take.findById(teamTake._id).lean()).toMatchObject({
      fanTeam: WEST.id,
      entityKeys: [`team:${WEST.id}`],
      namedTeams: [WEST.id],
    });
    const [playerAfter, takesAfter] = [player, await Take.find({ _id: mongoose.trusted({ $in: [playerTake._id, teamTake._id] }) }).lean()];
    await backfillPlayerStints();
    await backfillTakeTeams();
    expect(await Player.findById(id).select('+searchKeys').lean()).toEqual(playerAfter);
    expect(await Take.find({ _id: mongoose.trusted({ $in: [playerTake._id, teamTake._id] }) }).lean()).toEqual(takesAfter);
  });
});
