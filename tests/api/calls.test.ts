import mongoose from 'mongoose';
import { dbConnect, dbDisconnect } from '@/lib/db';
import { Call, Game, RateLimit, Take } from '@/models';
import { signInAdmin } from '@/tests/support/admin';
import { call, inFuture, PLAYERS, signUp, takeBody, TEAMS, type TestUser } from '@/tests/support/api';
import { storeGame } from '@/tests/support/games';
import { LEAGUE_API } from '@/tests/support/league';

/**
 * Calls on takes (docs/product.md#calls): each kind posted with its take and shown on it, the lock at tip-off, the
 * 400s that name the field and the reason, the daily allowance, and that nothing changes a call once posted.
 */

const HOUR = 60 * 60 * 1000;
const [AWAY, HOME, ELSEWHERE] = [TEAMS[10]!, TEAMS[11]!, TEAMS[12]!];
const homePlayer = PLAYERS.find((p) => p.teamId === HOME.id)!;
const outsider = PLAYERS.find((p) => p.teamId === ELSEWHERE.id)!;

let admin: TestUser;
let fan: TestUser;
beforeAll(async () => {
  await dbConnect();
  [admin, fan] = await Promise.all([signInAdmin(), signUp('caller')]);
}, 60_000);
afterAll(() => dbDisconnect());

/** A fan's allowance of takes with calls is reset, as these tests post more than a day's. */
const resetAllowance = (user: TestUser) => RateLimit.collection.deleteMany({ key: new RegExp(`^calls:user:${user._id}:`) });

const postWithCall = (user: TestUser, callBody: unknown, extra: Record<string, unknown> = {}) =>
  call('POST', '/api/takes', { token: user.idToken, body: takeBody({ title: 'A call', ...extra, call: callBody }) });

async function tonight(hoursAhead = 3) {
  return storeGame({ tipoff: new Date(Date.now() + hoursAhead * HOUR), away: AWAY.id, home: HOME.id });
}

describe('a call posted with a take', () => {
  let game: number;
  beforeAll(async () => {
    game = (await tonight())._id;
  });
  beforeEach(() => resetAllowance(fan));

  it.each([
    [{ kind: 'win', team: HOME.id }, `${HOME.nickname} win`],
    [{ kind: 'margin', team: HOME.id, line: 5 }, `${HOME.nickname} by 5+`],
    [{ kind: 'total', side: 'over', line: 220.5 }, 'Over 220.5 points'],
    [{ kind: 'total', side: 'under', line: 201 }, 'Under 201 points'],
    [{ kind: 'player', player: homePlayer.id, stat: 'points', line: 25 }, `${homePlayer.name} 25+ points`],
    [{ kind: 'player', player: homePlayer.id, stat: 'threes', line: 4 }, `${homePlayer.name} 4+ threes`],
  ])('takes a game call %o and shows its chip, open, locking at tip-off', async (terms, text) => {
    const reply = await postWithCall(fan, { ...terms, game });
    expect(reply.status).toBe(201);
    const stored = await Game.findById(game).lean();
    expect(reply.body.call).toMatchObject({
      kind: terms.kind,
      text,
      context: `${AWAY.nickname} @ ${HOME.nickname}`,
      game,
      lockAt: stored!.tipoff.toISOString(),
      result: null,
      final: false,
    });
    const record = await Call.findOne({ take: reply.body._id }).lean();
    expect(record).toMatchObject({ kind: terms.kind, scope: 'game', game, teams: [AWAY.id, HOME.id], result: null, season: '2026-27' });
    // The take's own page and the lists show the same chip.
    expect((await call('GET', `/api/takes/${reply.body._id}`)).body.call.text).toBe(text);
  });

  it('takes season calls, which lock at the team’s first game of the season, or at posting once it has begun', async () => {
    const first = await storeGame({ tipoff: new Date(Date.now() + 30 * 24 * HOUR), away: ELSEWHERE.id, home: AWAY.id });
    await storeGame({ tipoff: new Date(Date.now() + 40 * 24 * HOUR), away: HOME.id, home: ELSEWHERE.id });
    const wins = await postWithCall(fan, { kind: 'season-wins', team: ELSEWHERE.id, line: 50, season: '2026-27' });
    expect(wins.status).toBe(201);
    expect(wins.body.call).toMatchObject({ text: `${ELSEWHERE.nickname} 50+ wins`, context: '2026–27 regular season' });
    // The shared database holds other suites' games for these teams: the lock is the earliest of them, or now.
    expect(Date.parse(wins.body.call.lockAt)).toBeLessThanOrEqual(first.tipoff.getTime());
    const better = await postWithCall(fan, { kind: 'season-better', team: ELSEWHERE.id, other: HOME.id, season: '2026-27' });
    expect(better.status).toBe(201);
    expect(better.body.call.text).toBe(`${ELSEWHERE.nickname} finish ahead of the ${HOME.nickname}`);
    expect(await Call.findOne({ take: better.body._id }).lean()).toMatchObject({ scope: 'season', teams: [ELSEWHERE.id, HOME.id] });
  });
});

describe('the lock and bad input', () => {
  beforeEach(() => resetAllowance(fan));

  it('refuses a call once its game has tipped off, on a finished game, and on a postponed or cancelled one', async () => {
    const game = await tonight(1);
    const late = await call('POST', '/api/takes', {
      token: fan.idToken,
      body: takeBody({ call: { kind: 'win', game: game._id, team: HOME.id } }),
      headers: inFuture(2 * HOUR),
    });
    expect(late.status).toBe(400);
    expect(late.body.error).toBe(`call.game: calls on ${AWAY.nickname} @ ${HOME.nickname} locked at tip-off`);
    const final = await storeGame({
      tipoff: new Date(Date.now() + HOUR),
      away: AWAY.id,
      home: HOME.id,
      status: 'final',
      awayScore: 90,
      homeScore: 99,
    });
    expect((await postWithCall(fan, { kind: 'win', game: final._id, team: HOME.id })).body.error).toBe(
      `call.game: ${AWAY.nickname} @ ${HOME.nickname} has finished: calls lock at tip-off`,
    );
    const postponed = await storeGame({ tipoff: new Date(Date.now() + HOUR), away: AWAY.id, home: HOME.id, status: 'postponed' });
    expect((await postWithCall(fan, { kind: 'win', game: postponed._id, team: HOME.id })).body.error).toMatch(
      /^call\.game: .* is postponed/,
    );
  });

  it.each([
    [{ kind: 'player', player: homePlayer.id, stat: 'points', line: 300 }, 'call.line: must be at most 80 points'],
    [{ kind: 'margin', team: 0, line: 0 }, 'call.team: must be a number'],
    [{ kind: 'margin', line: 0 }, 'call.team: must be a number'],
    [{ kind: 'total', side: 'over', line: 220.25 }, 'call.line: must be a whole or half number of points, such as 220.5'],
    [{ kind: 'total', side: 'sideways', line: 220 }, 'call.side: must be over or under'],
    [{ kind: 'win', team: 1, result: 'hit' }, 'call: Unrecognized key: "result"'],
    [{ kind: 'guess' }, 'call.kind: kind must be win, margin, total, player, season-wins or season-better'],
  ])('refuses %o with the field and the reason', async (terms, error) => {
    const game = await tonight();
    const reply = await postWithCall(fan, { game: game._id, ...terms });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe(error);
  });

  it('refuses a team not in the game, a player not on either team that night, an unknown game, and a season that is over', async () => {
    const game = await tonight();
    const cases: [unknown, string][] = [
      [
        { kind: 'win', game: game._id, team: ELSEWHERE.id },
        `call.team: the ${ELSEWHERE.nickname} do not play in ${AWAY.nickname} @ ${HOME.nickname}`,
      ],
      [
        { kind: 'player', game: game._id, player: outsider.id, stat: 'rebounds', line: 10 },
        `call.player: ${outsider.name} is not on either team in ${AWAY.nickname} @ ${HOME.nickname}`,
      ],
      [{ kind: 'win', game: 9_876_543, team: HOME.id }, 'call.game: no game 0009876543 on the schedule'],
      [{ kind: 'season-wins', team: HOME.id, line: 40, season: '2025-26' }, 'call.season: the 2025-26 regular season is over'],
      [{ kind: 'season-better', team: HOME.id, other: HOME.id }, 'call.other: must be another team'],
    ];
    for (const [terms, error] of cases) {
      const reply = await postWithCall(fan, terms);
      expect({ status: reply.status, error: reply.body.error }).toEqual({ status: 400, error });
    }
    expect(await Take.countDocuments({ createdBy: new mongoose.Types.ObjectId(fan._id), title: 'Refused' })).toBe(0);
  });

  it('allows calls on at most 5 takes a UTC day, and a take without one after that', async () => {
    const author = await signUp('busy');
    const game = await tonight();
    for (let i = 0; i < 5; i += 1) expect((await postWithCall(author, { kind: 'win', game: game._id, team: HOME.id })).status).toBe(201);
    const sixth = await postWithCall(author, { kind: 'win', game: game._id, team: AWAY.id });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toBe('You can attach calls to at most 5 takes a day.');
    expect((await call('POST', '/api/takes', { token: author.idToken, body: takeBody() })).status).toBe(201);
  });
});

describe('a call once posted', () => {
  it('cannot be changed: the take has no edit, and the console changing its game’s tip-off moves no lock already passed', async () => {
    await resetAllowance(fan);
    const game = await tonight();
    const posted = await postWithCall(fan, { kind: 'margin', game: game._id, team: HOME.id, line: 5 });
    for (const method of ['PUT', 'PATCH']) {
      const edit = await call(method, `/api/takes/${posted.body._id}`, {
        token: fan.idToken,
        body: { call: { kind: 'win', team: AWAY.id } },
      });
      expect(edit.status).toBe(405);
    }
    // Nothing a client sends reaches a call's result: the league does.
    const stored = await Call.findOne({ take: posted.body._id }).lean();
    expect(stored).toMatchObject({ kind: 'margin', team: HOME.id, line: 5, result: null });
    const moved = await call('PATCH', `${LEAGUE_API}/games/${game._id}`, {
      token: admin.idToken,
      body: { tipoff: new Date(Date.now() + 5 * HOUR).toISOString() },
    });
    expect(moved.status).toBe(200);
    expect((await Call.findOne({ take: posted.body._id }).lean())!.lockAt.getTime()).toBe(game.tipoff.getTime());
  });
});
