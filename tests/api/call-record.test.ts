import mongoose from 'mongoose';
import { dbConnect, dbDisconnect } from '@/lib/db';
import { Call, CallerScore, CallerStat, RateLimit, Save, User } from '@/models';
import { signInAdmin } from '@/tests/support/admin';
import { call, PLAYERS, runScheduledJob, signUp, takeBody, TEAMS, TEST_NOW, type TestUser } from '@/tests/support/api';
import { independentFans, oid, react } from '@/tests/support/callers';
import { storeGame } from '@/tests/support/games';
import { LEAGUE_API } from '@/tests/support/league';

/**
 * A fan's record of calls (the profile's Record tab): its arithmetic against a fixture worked out by hand, its
 * filters, the Callers rating it feeds with Callers' integrity rules, the privacy of saves, and what the spoiler
 * shield holds back.
 */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const [AWAY, HOME, VISITOR, HOST] = [TEAMS[17]!, TEAMS[18]!, TEAMS[19]!, TEAMS[23]!];
const [homeStar, homeBench] = PLAYERS.filter((p) => p.teamId === HOME.id);
const at = (ms: number) => ({ [TEST_NOW]: new Date(ms).toISOString() });

let admin: TestUser;
let fans: TestUser[];
beforeAll(async () => {
  await dbConnect();
  [admin, fans] = await Promise.all([signInAdmin(), independentFans(6, 'crowd')]);
}, 180_000);
afterAll(() => dbDisconnect());

async function post(by: TestUser, terms: Record<string, unknown>): Promise<string> {
  await RateLimit.collection.deleteMany({ key: new RegExp(`^calls:user:${by._id}:`) });
  const reply = await call('POST', '/api/takes', { token: by.idToken, body: takeBody({ title: 'On the record', call: terms }) });
  if (reply.status !== 201) throw new Error(`post failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body._id;
}

async function admin_(method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const reply = await call(method, `${LEAGUE_API}${path}`, { token: admin.idToken, body, headers });
  if (reply.status !== 200) throw new Error(`${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
}

const record = async (user: TestUser, query = '', headers: Record<string, string> = {}, viewer?: TestUser) =>
  (await call('GET', `/api/calls/record/${user._id}${query}`, { headers, ...(viewer ? { token: viewer.idToken } : {}) })).body;

describe("a fan's record", () => {
  let author: TestUser;
  let game1: number;
  let game2: number;
  const takes: Record<string, string> = {};
  beforeAll(async () => {
    author = await signUp('recorder');
    game1 = (await storeGame({ tipoff: new Date(Date.now() + 2 * HOUR), away: AWAY.id, home: HOME.id }))._id;
    game2 = (await storeGame({ tipoff: new Date(Date.now() + 2 * HOUR), away: VISITOR.id, home: HOST.id }))._id;
    takes.a = await post(author, { kind: 'margin', game: game1, team: HOME.id, line: 5 });
    takes.b = await post(author, { kind: 'total', game: game1, side: 'under', line: 250 });
    takes.c = await post(author, { kind: 'win', game: game1, team: AWAY.id });
    takes.d = await post(author, { kind: 'player', game: game1, player: homeStar!.id, stat: 'points', line: 10 });
    takes.e = await post(author, { kind: 'win', game: game2, team: VISITOR.id });
    // The crowd before tip-off: 3 likes (odds 4/5), 2 dislikes (1/4), 1 and 1 (1/2), none (1/2); the author's own like never counts.
    for (const fan of fans.slice(0, 3)) await react(fan, takes.a!, 'like');
    for (const fan of fans.slice(0, 2)) await react(fan, takes.b!, 'dislike');
    await react(fans[0]!, takes.c!, 'like');
    await react(fans[1]!, takes.c!, 'dislike');
    await react(author, takes.e!, 'like');
    await admin_('PATCH', `/games/${game1}`, { status: 'final', homeScore: 110, awayScore: 101 });
    await admin_('PUT', `/games/${game1}/lines/${homeBench!.id}`, {
      team: HOME.id,
      minutes: '20:00',
      points: 8,
      rebounds: 2,
      assists: 1,
      threes: 0,
    });
    await admin_('PATCH', `/games/${game2}`, { status: 'final', homeScore: 104, awayScore: 99 });
  }, 120_000);

  const brierCrowd = ((0.8 - 1) ** 2 + (0.25 - 1) ** 2 + (0.5 - 0) ** 2 + (0.5 - 0) ** 2) / 4;

  it('counts hits, misses and voids, the hit rate, and Brier scores beside the crowd’s, as worked out by hand', async () => {
    const body = await record(author);
    expect(body.stats).toMatchObject({ hits: 2, misses: 2, voids: 1, open: 0, hitRate: 0.5 });
    expect(body.stats.brier.calls).toBe(4);
    expect(body.stats.brier.fan).toBeCloseTo(0.5, 10);
    expect(body.stats.brier.crowd).toBeCloseTo(brierCrowd, 10);
    expect(body.stats.calibration).toEqual([
      { bin: 1, from: 0.2, to: 0.3, calls: 1, hits: 1 },
      { bin: 4, from: 0.5, to: 0.6, calls: 2, hits: 0 },
      { bin: 7, from: 0.8, to: 0.9, calls: 1, hits: 1 },
    ]);
    expect(body.calls).toHaveLength(5);
    expect(body.calls.find((c: { takeId: string }) => c.takeId === takes.d)).toMatchObject({ result: 'void', reason: 'no-minutes' });
  });

  it('filters by team, by player and by a bin of the calibration chart', async () => {
    const visitor = await record(author, `?team=${VISITOR.id}`);
    expect(visitor.stats).toMatchObject({ hits: 0, misses: 1, voids: 0 });
    expect(visitor.calls.map((c: { takeId: string }) => c.takeId)).toEqual([takes.e]);
    const star = await record(author, `?player=${homeStar!.id}`);
    expect(star.stats).toMatchObject({ hits: 0, misses: 0, voids: 1 });
    const evens = await record(author, '?bin=4');
    expect(evens.calls.map((c: { takeId: string }) => c.takeId).sort()).toEqual([takes.c, takes.e].sort());
    expect(visitor.teams.map((t: { id: number }) => t.id).sort()).toEqual([AWAY.id, HOME.id, VISITOR.id, HOST.id].sort());
    expect((await call('GET', `/api/calls/record/${author._id}?bin=9`)).body.error).toBe(
      'bin: must be a bin of the calibration chart, 0 to 7',
    );
  });

  it('shares as an Open Graph card drawn from settlements already final', async () => {
    const card = await call('GET', `/og/record/${author._id}`);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/png');
    const page = await fetch(`${process.env.API_BASE_URL}/profile/${author._id}?tab=record`);
    expect(await page.text()).toContain(`/og/record/${author._id}`);
  });

  it('counts in the Callers rating once final, judged by the Callers rules', async () => {
    const settled = (await Call.findOne({ take: oid(takes.a!) }).lean())!.settledAt!.getTime();
    await runScheduledJob(at(settled + DAY + HOUR));
    const scores = await CallerScore.find({ author: oid(author._id) }).lean();
    expect(scores.map((s) => [String(s.take), s.verdict, s.reason, s.crowd]).sort()).toEqual(
      [
        [takes.a, 'well', 'settled', 0.8],
        [takes.b, 'well', 'settled', 0.25],
        [takes.c, 'poorly', 'settled', 0.5],
        [takes.e, 'poorly', 'settled', 0.5],
      ].sort(),
    );
    const points = (1 - 0.8) / 0.8 + (1 - 0.25) / 0.25 - 2;
    expect((await CallerStat.findById(`all:${author._id}`).lean())!.points).toBeCloseTo(points, 10);
    // The profile's Calls tab lists them as hits and misses, linked to their takes.
    expect((await record(author)).stats.brier.crowd).toBeCloseTo(brierCrowd, 10);
  });

  it('counts linked accounts as one and never the author’s own reaction, in the record and in Callers', async () => {
    const linked = await signUp('linked');
    const twins = fans.slice(3, 5);
    const cohort = new mongoose.Types.ObjectId();
    await User.collection.updateMany({ _id: { $in: twins.map((t) => oid(t._id)) } }, { $set: { signupCohort: cohort } });
    const game = (await storeGame({ tipoff: new Date(Date.now() + 2 * HOUR), away: AWAY.id, home: HOME.id }))._id;
    const take = await post(linked, { kind: 'win', game, team: HOME.id });
    await react(linked, take, 'like');
    for (const twin of twins) await react(twin, take, 'like');
    await react(fans[5]!, take, 'dislike');
    await admin_('PATCH', `/games/${game}`, { status: 'final', homeScore: 100, awayScore: 90 });
    // Likes: the twins once, not the author: (1 + 1) / (1 + 1 + 2).
    expect((await Call.findOne({ take: oid(take) }).lean())!.crowd).toBe(0.5);
    const settled = (await Call.findOne({ take: oid(take) }).lean())!.settledAt!.getTime();
    await runScheduledJob(at(settled + DAY + HOUR));
    expect(await CallerScore.findOne({ take: oid(take) }).lean()).toMatchObject({ crowdLikes: 1, crowdDislikes: 1, crowd: 0.5, points: 1 });
  });
});

describe('deleting a take with a call', () => {
  it('withdraws the call before its lock, and keeps it as a miss, scored at once, after it', async () => {
    const author = await signUp('deleter');
    const game = await storeGame({ tipoff: new Date(Date.now() + 2 * HOUR), away: AWAY.id, home: HOME.id });
    const early = await post(author, { kind: 'win', game: game._id, team: HOME.id });
    expect((await call('DELETE', `/api/takes/${early}`, { token: author.idToken })).status).toBe(200);
    expect(await Call.findOne({ take: oid(early) }).lean()).toBeNull();

    const late = await post(author, { kind: 'win', game: game._id, team: AWAY.id });
    await react(fans[0]!, late, 'dislike');
    const after = at(game.tipoff.getTime() + HOUR);
    expect((await call('DELETE', `/api/takes/${late}`, { token: author.idToken, headers: after })).status).toBe(200);
    expect(await Call.findOne({ take: oid(late) }).lean()).toMatchObject({
      result: 'miss',
      reason: 'deleted',
      title: 'On the record',
      judged: true,
    });
    expect(await CallerScore.findOne({ take: oid(late) }).lean()).toMatchObject({ verdict: 'poorly', reason: 'deleted', crowdDislikes: 1 });
    // The final changes nothing for it.
    await admin_('PATCH', `/games/${game._id}`, { status: 'final', homeScore: 90, awayScore: 100 }, after);
    const listed = (await record(author, '', after)).calls;
    expect(listed).toEqual([
      expect.objectContaining({ takeId: null, title: 'On the record', result: 'miss', reason: 'deleted', final: true }),
    ]);
  });
});

describe('saves', () => {
  it('are private: only the fan who saved knows, and nothing counts them on the take', async () => {
    const [author, saver, other] = await Promise.all([signUp('keeper'), signUp('saver'), signUp('other')]);
    const game = (await storeGame({ tipoff: new Date(Date.now() + 2 * HOUR), away: AWAY.id, home: HOME.id }))._id;
    const take = await post(author, { kind: 'margin', game, team: HOME.id, line: 3 });
    const saved = await call('POST', `/api/takes/${take}/save`, { token: saver.idToken, body: { notify: true } });
    expect(saved.body).toEqual({ saved: true, notify: true });
    expect((await call('POST', `/api/takes/${take}/save`, { token: other.idToken, body: {} })).body).toEqual({
      saved: true,
      notify: false,
    });
    expect((await call('DELETE', `/api/takes/${take}/save`, { token: other.idToken })).body).toEqual({ saved: false, notify: false });
    expect((await call('GET', `/api/takes/${take}/save`, { token: other.idToken })).body).toEqual({ saved: false, notify: false });
    expect((await call('GET', `/api/takes/${take}/save`)).status).toBe(401);
    const shown = (await call('GET', `/api/takes/${take}`)).body;
    // No count, no list, no name of who saved it.
    expect(Object.keys(shown).filter((key) => /save/i.test(key))).toEqual([]);
    expect(JSON.stringify(shown)).not.toContain(saver.username);
    expect((await call('GET', '/api/account/saves', { token: saver.idToken })).body).toMatchObject({
      takes: [expect.objectContaining({ _id: take })],
      notify: [take],
    });
    expect((await call('GET', '/api/account/saves', { token: other.idToken })).body.takes).toEqual([]);
    // The saver's own data download has it, with what they asked.
    const download = await call('GET', '/api/account/export', { token: saver.idToken });
    expect(download.body.saves).toEqual([{ postID: take, notify: true, at: expect.any(String) }]);

    // "Tell me when it settles": the saver, who neither reacted nor commented, hears of it.
    await admin_('PATCH', `/games/${game}`, { status: 'final', homeScore: 99, awayScore: 90 });
    const notices = (await call('GET', '/api/notifications', { token: saver.idToken })).body.notifications;
    expect(notices).toEqual([expect.objectContaining({ type: 'settled', count: 1, take: expect.objectContaining({ _id: take }) })]);
    expect((await call('GET', '/api/notifications', { token: other.idToken })).body.notifications).toEqual([]);
    // Deleting the take takes its saves with it.
    await call('DELETE', `/api/takes/${take}`, { token: author.idToken });
    expect(await Save.countDocuments({ take: oid(take) })).toBe(0);
  });
});

describe('the spoiler shield', () => {
  it('holds a settled call’s result back, on the take, the record, Settled tonight and the notice, until Watched', async () => {
    const [author, watcher] = await Promise.all([signUp('shielded'), signUp('watcher')]);
    const game = await storeGame({ tipoff: new Date(Date.now() + 2 * HOUR), away: AWAY.id, home: HOME.id });
    const take = await post(author, { kind: 'margin', game: game._id, team: HOME.id, line: 5 });
    await react(watcher, take, 'like');
    expect((await call('PUT', `/api/account/filters/games/${game._id}`, { token: watcher.idToken, body: { hours: 24 } })).status).toBe(200);
    await admin_('PATCH', `/games/${game._id}`, { status: 'final', homeScore: 110, awayScore: 101 });
    const tonight = at(game.tipoff.getTime() + 3 * HOUR);
    const as = (user: TestUser) => ({ token: user.idToken, headers: tonight });

    expect((await call('GET', `/api/takes/${take}`, as(watcher))).body.call).toMatchObject({ result: 'hidden', reason: null });
    expect((await call('GET', `/api/takes/${take}`, as(author))).body.call).toMatchObject({ result: 'hit' });
    const theirs = await record(author, '', tonight, watcher);
    expect(theirs).toMatchObject({ hidden: 1, stats: { hits: 0, misses: 0 } });
    expect(theirs.calls[0]).toMatchObject({ result: 'hidden', crowd: null });
    expect((await call('GET', `/api/games/${game._id}/calls`, as(watcher))).body).toEqual({ shielded: true, calls: [] });
    expect((await call('GET', `/api/games/${game._id}/calls`, as(author))).body.calls).toEqual([
      expect.objectContaining({ takeId: take, result: 'hit', text: `${HOME.nickname} by 5+` }),
    ]);
    const notice = (await call('GET', '/api/notifications', as(watcher))).body.notifications[0];
    expect(notice).toMatchObject({ type: 'settled', game: null, collapsed: { reason: 'spoiler' } });

    expect((await call('POST', `/api/account/filters/games/${game._id}/watched`, as(watcher))).status).toBe(200);
    expect((await call('GET', `/api/takes/${take}`, as(watcher))).body.call).toMatchObject({ result: 'hit' });
    expect(await record(author, '', tonight, watcher)).toMatchObject({ hidden: 0, stats: { hits: 1 } });
  });
});
