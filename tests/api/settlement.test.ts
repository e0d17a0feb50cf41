import mongoose from 'mongoose';
import { dbConnect, dbDisconnect } from '@/lib/db';
import { BoxScore, Call, Game, LeagueBatch, LeagueChange, RateLimit, Take } from '@/models';
import { signInAdmin } from '@/tests/support/admin';
import { call, PLAYERS, runScheduledJob, signUp, takeBody, TEAMS, TEST_NOW, type TestUser } from '@/tests/support/api';
import { storeGame } from '@/tests/support/games';
import { importFiles, LEAGUE_API } from '@/tests/support/league';

/**
 * Settling calls (docs/product.md#calls): on the write of a final, a box score line or a cancellation, in bulk; the
 * void rules; provisional for 24 hours, then final; the scheduled job's voids 14 days on.
 */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const [AWAY, HOME] = [TEAMS[13]!, TEAMS[14]!];
const [homeStar, homeBench] = PLAYERS.filter((p) => p.teamId === HOME.id);
const awayStar = PLAYERS.find((p) => p.teamId === AWAY.id)!;

let admin: TestUser;
let author: TestUser;
let liker: TestUser;
beforeAll(async () => {
  await dbConnect();
  [admin, author, liker] = await Promise.all([signInAdmin(), signUp('settler'), signUp('liker')]);
}, 60_000);
afterAll(() => dbDisconnect());
beforeEach(() => RateLimit.collection.deleteMany({ key: new RegExp(`^calls:user:${author._id}:`) }));

const at = (ms: number) => ({ [TEST_NOW]: new Date(ms).toISOString() });

async function game(hoursAhead = 2) {
  return (await storeGame({ tipoff: new Date(Date.now() + hoursAhead * HOUR), away: AWAY.id, home: HOME.id }))._id;
}

async function post(terms: Record<string, unknown>, by: TestUser = author): Promise<string> {
  const reply = await call('POST', '/api/takes', { token: by.idToken, body: takeBody({ title: 'Tonight', call: terms }) });
  if (reply.status !== 201) throw new Error(`post failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body._id;
}

async function edit(id: number, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const reply = await call('PATCH', `${LEAGUE_API}/games/${id}`, { token: admin.idToken, body, headers });
  if (reply.status !== 200) throw new Error(`edit failed: ${reply.status} ${JSON.stringify(reply.body)}`);
}

const final = (id: number, home: number, away: number, headers: Record<string, string> = {}) =>
  edit(id, { status: 'final', homeScore: home, awayScore: away }, headers);

async function line(
  id: number,
  player: { id: number; teamId: number },
  stats: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const reply = await call('PUT', `${LEAGUE_API}/games/${id}/lines/${player.id}`, {
    token: admin.idToken,
    body: { team: player.teamId, minutes: '30:00', points: 0, rebounds: 0, assists: 0, threes: 0, ...stats },
    headers,
  });
  if (reply.status !== 200) throw new Error(`line failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

const chip = async (take: string) => (await call('GET', `/api/takes/${take}`)).body.call;

describe('a final', () => {
  it('settles every call it decides on the write itself, tells who weighed in, and counts overtime', async () => {
    const id = await game();
    const margin = await post({ kind: 'margin', game: id, team: HOME.id, line: 5 });
    const win = await post({ kind: 'win', game: id, team: AWAY.id });
    const over = await post({ kind: 'total', game: id, side: 'over', line: 210.5 });
    const under = await post({ kind: 'total', game: id, side: 'under', line: 211 });
    expect((await call('POST', '/api/user-action', { token: liker.idToken, body: { actionType: 'like', postID: margin } })).status).toBe(
      200,
    );
    expect(await chip(margin)).toMatchObject({ result: null });

    // 110–101 after overtime: the final score is the score.
    await final(id, 110, 101);
    expect(await chip(margin)).toMatchObject({ text: `${HOME.nickname} by 5+`, result: 'hit', reason: 'played', final: false });
    expect(await chip(win)).toMatchObject({ result: 'miss' });
    expect(await chip(over)).toMatchObject({ result: 'hit' });
    expect(await chip(under)).toMatchObject({ result: 'miss' });
    const stored = await Call.findOne({ take: margin }).lean();
    expect(stored!.finalAt!.getTime() - stored!.settledAt!.getTime()).toBe(DAY);

    const notices = (await call('GET', '/api/notifications', { token: liker.idToken })).body.notifications;
    expect(notices.find((n: { type: string }) => n.type === 'settled')).toMatchObject({
      count: 1,
      game: { id, matchup: `${AWAY.nickname} @ ${HOME.nickname}` },
      take: { _id: margin },
      href: `/takes/${margin}`,
    });
    // The author weighed in on all four: one notice for the game, counting them.
    const own = (await call('GET', '/api/notifications', { token: author.idToken })).body.notifications;
    expect(own.filter((n: { type: string; game: { id: number } | null }) => n.type === 'settled' && n.game?.id === id)).toEqual([
      expect.objectContaining({ count: 4, href: `/games/${id}#settled-tonight`, read: false }),
    ]);
  });

  it('is provisional for 24 hours: a corrected score settles it again, and after that nothing does', async () => {
    const id = await game();
    const margin = await post({ kind: 'margin', game: id, team: HOME.id, line: 5 });
    await final(id, 110, 101);
    const settled = (await Call.findOne({ take: margin }).lean())!.settledAt!.getTime();
    await final(id, 110, 107, at(settled + 23 * HOUR));
    expect(await chip(margin)).toMatchObject({ result: 'miss', reason: 'played' });
    // The 24 hours count from the first settlement, not from the correction.
    await final(id, 110, 100, at(settled + 25 * HOUR));
    const after = await call('GET', `/api/takes/${margin}`, { headers: at(settled + 25 * HOUR) });
    expect(after.body.call).toMatchObject({ result: 'miss', final: true });
  });

  it('settles from a final a process wrote as a batch and died before applying, when the scheduled job finishes it', async () => {
    const id = await game();
    const take = await post({ kind: 'win', game: id, team: HOME.id });
    const row = (await Game.findById(id).lean())!;
    const before = {
      season: row.season,
      home: row.home,
      away: row.away,
      tipoff: row.tipoff,
      status: row.status,
      homeScore: row.homeScore ?? null,
      awayScore: row.awayScore ?? null,
    };
    const batch = await LeagueBatch.create({
      by: null,
      source: 'import',
      changes: [
        {
          subject: 'game',
          subjectId: id,
          action: 'score',
          rev: row.rev,
          before,
          after: { ...before, status: 'final', homeScore: 99, awayScore: 98 },
        },
      ],
    });
    await LeagueBatch.collection.updateOne({ _id: batch._id }, { $set: { createdAt: new Date(Date.now() - 60_000) } });
    expect(await chip(take)).toMatchObject({ result: null });
    await runScheduledJob();
    expect(await chip(take)).toMatchObject({ result: 'hit' });
    expect(await LeagueBatch.findById(batch._id).lean()).toMatchObject({ state: 'done' });
  }, 60_000);

  it('voids every call on a cancelled game', async () => {
    const id = await game();
    const take = await post({ kind: 'win', game: id, team: HOME.id });
    await edit(id, { status: 'cancelled' });
    expect(await chip(take)).toMatchObject({ result: 'void', reason: 'cancelled' });
  });
});

describe("a player's call", () => {
  it('waits for the box score, settles from his line, and voids for a player with no line or no minutes', async () => {
    const id = await game();
    const scored = await post({ kind: 'player', game: id, player: homeStar!.id, stat: 'points', line: 25 });
    const missed = await post({ kind: 'player', game: id, player: homeStar!.id, stat: 'threes', line: 5 });
    const absent = await post({ kind: 'player', game: id, player: awayStar.id, stat: 'rebounds', line: 8 });
    const benched = await post({ kind: 'player', game: id, player: homeBench!.id, stat: 'assists', line: 3 });
    await final(id, 99, 97);
    expect(await chip(scored)).toMatchObject({ result: null });

    await line(id, homeStar!, { points: 31, threes: 4 });
    expect(await chip(scored)).toMatchObject({ result: 'hit' });
    expect(await chip(missed)).toMatchObject({ result: 'miss' });
    expect(await chip(absent)).toMatchObject({ result: 'void', reason: 'no-minutes' });
    expect(await chip(benched)).toMatchObject({ result: 'void', reason: 'no-minutes' });
    await line(id, homeBench!, { minutes: '0:00' });
    expect(await chip(benched)).toMatchObject({ result: 'void', reason: 'no-minutes' });
    // A corrected line settles it again within the 24 hours.
    await line(id, homeBench!, { minutes: '12:30', assists: 3 });
    expect(await chip(benched)).toMatchObject({ result: 'hit' });
  });

  it('settles from a box score imported as a file, checked first by a dry run, and logged', async () => {
    const id = await game();
    const take = await post({ kind: 'player', game: id, player: awayStar.id, stat: 'rebounds', line: 10 });
    await final(id, 88, 95);
    const file = {
      name: 'boxscore.csv',
      text: [
        'game_id,player_id,team_id,minutes,points,rebounds,assists,threes',
        `${String(id).padStart(10, '0')},${awayStar.id},${AWAY.id},PT36M12.00S,18,11,2,1`,
        `${String(id).padStart(10, '0')},${homeStar!.id},${HOME.id},,,,,`,
      ].join('\n'),
    };
    const dry = await importFiles(admin, [file], { dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ dryRun: true, applied: false, counts: { 'lines added': 2 } });
    expect(await BoxScore.countDocuments({ game: id })).toBe(0);
    expect(await chip(take)).toMatchObject({ result: null });

    const applied = await importFiles(admin, [file]);
    expect(applied.body).toMatchObject({ applied: true, counts: { 'lines added': 2 } });
    expect(await BoxScore.findById(`${id}:${awayStar.id}`).lean()).toMatchObject({ minutes: 36.2, rebounds: 11, team: AWAY.id });
    expect(await BoxScore.findById(`${id}:${homeStar!.id}`).lean()).toMatchObject({ minutes: 0, points: 0 });
    expect(await LeagueChange.countDocuments({ subject: 'line', subjectId: `${id}:${awayStar.id}`, source: 'import' })).toBe(1);
    expect(await chip(take)).toMatchObject({ result: 'hit' });
    expect((await importFiles(admin, [file])).body).toMatchObject({ applied: false, counts: {} });
  });

  it('refuses a line for a team not in the game, with the file, line and field', async () => {
    const id = await game();
    const reply = await importFiles(admin, [
      {
        name: 'box.csv',
        text: `game_id,player_id,team_id,minutes\n${id},${awayStar.id},${TEAMS[0]!.id},30:00\n`,
      },
    ]);
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatch(/^box\.csv line 2, team_id: team \d+ does not play in that game/);
  });
});

describe('a postponed game', () => {
  it('keeps its calls open, then the scheduled job voids them once 14 days pass without it being played', async () => {
    const id = await game(1);
    const take = await post({ kind: 'margin', game: id, team: HOME.id, line: 3 });
    await edit(id, { status: 'postponed' });
    const lock = (await Call.findOne({ take: new mongoose.Types.ObjectId(take) }).lean())!.lockAt.getTime();
    await runScheduledJob(at(lock + 13 * DAY));
    expect(await chip(take)).toMatchObject({ result: null });
    const run = await runScheduledJob(at(lock + 14 * DAY + HOUR));
    expect(run.body.voidedCalls).toBeGreaterThanOrEqual(1);
    expect(await chip(take)).toMatchObject({ result: 'void', reason: 'postponed' });
    // Played later than that (rescheduled, then final), it stays void.
    await edit(
      id,
      { status: 'final', homeScore: 120, awayScore: 100, tipoff: new Date(lock + 15 * DAY).toISOString() },
      at(lock + 15 * DAY + 3 * HOUR),
    );
    expect(await chip(take)).toMatchObject({ result: 'void', reason: 'postponed' });
  });

  it('settles as usual when it is played within the 14 days', async () => {
    const id = await game(1);
    const take = await post({ kind: 'win', game: id, team: HOME.id });
    const tipoff = Date.now() + HOUR;
    await edit(id, { status: 'postponed' });
    await edit(id, { status: 'scheduled', tipoff: new Date(tipoff + 3 * DAY).toISOString() });
    await final(id, 101, 99, at(tipoff + 3 * DAY + 3 * HOUR));
    expect(await chip(take)).toMatchObject({ result: 'hit' });
  });
});

describe('a season call', () => {
  it('settles as soon as the games played decide it', async () => {
    // A season of the tests' own (no other suite plays 2027-28), with a team's games of it.
    const [team, rival] = [TEAMS[15]!, TEAMS[16]!];
    const games = [];
    for (const day of [10, 12, 14]) {
      games.push(
        (await storeGame({ season: '2027-28', tipoff: new Date(Date.UTC(2027, 10, day, 0, 30)), home: team.id, away: rival.id }))._id,
      );
    }
    const two = await post({ kind: 'season-wins', team: team.id, line: 2, season: '2027-28' });
    expect(await chip(two)).toMatchObject({ lockAt: new Date(Date.UTC(2027, 10, 10, 0, 30)).toISOString(), result: null });
    await final(games[0]!, 100, 90);
    expect(await chip(two)).toMatchObject({ result: null });
    await final(games[1]!, 80, 90);
    expect(await chip(two)).toMatchObject({ result: null });
    await final(games[2]!, 111, 110);
    expect(await chip(two)).toMatchObject({ result: 'hit', reason: 'played' });
    expect(await Take.exists({ _id: two, 'call.result': 'hit' })).not.toBeNull();
  });
});
