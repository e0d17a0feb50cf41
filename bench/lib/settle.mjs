// @ts-check
// One final settling 1,000 calls (issue 52, docs/features.md#calls-settling-and-the-record): a game tonight with a
// thousand takes carrying calls on it and three likes on each, written straight to the database as the app writes
// them, and the demo seed's moderator (an administrator wherever the emulator runs, scripts/lib/stack.mjs) recording
// its final in the league console. Measured: that request's time and database commands, and that all 1,000 settled;
// then the feed read while corrections of the score settle the 1,000 again, against as many reads with nothing
// written, in turns.
import { emulatorSignIn } from '../../scripts/lib/emulator-account.mjs';
import { SetupError } from '../../scripts/lib/services.mjs';
import { appModule, mongo, withDb } from './context.mjs';
import { counted, median, timed } from './measure.mjs';

/**
 * `ms`, `commands`, `ops`: the final's request; `corrections`: the corrections' p50 (ms); `feed`: the feed's p50 while
 * they ran (a) and with nothing written (b).
 * @typedef {{ calls: number; settled: number; ms: number; commands: number; ops: string[]; corrections: number; feed: import('./measure.mjs').Turns }} Settlement
 */

export const CALLS = 1000;
const AUTHORS = 200;
const FANS = 100;
/** Likes each take drew before tip-off, from the fans in turn. */
const REACTIONS = 3;
/** Corrections of the score, each settling the 1,000 again. */
export const ROUNDS = 8;
const HOUR = 3_600_000;

/**
 * The game, its authors and fans, a home player's line in its box score, and the takes with their calls and likes.
 * Kinds in turn: the home team by 5, the away team to win, the total over 210.5, the player's 20 points.
 * @param {import('mongoose').mongo.Db} db
 * @returns {Promise<number>} the game's id
 */
async function seedGame(db) {
  const { ObjectId } = mongo();
  const [home, away] = await db.collection('teams').find({}).sort({ _id: 1 }).limit(2).toArray();
  const player = await db.collection('players').findOne({ teamId: home?._id });
  if (!home || !away || !player) throw new SetupError('the settle section needs the reference data seeded.');
  const now = Date.now();
  const id = 960_000_000 + Math.floor(Math.random() * 1_000_000);
  const [tipoff, posted] = [new Date(now + HOUR), new Date(now - HOUR)];
  const stamps = { createdAt: posted, updatedAt: posted };
  const run = now.toString(36).slice(-5);
  const user = (/** @type {string} */ kind, /** @type {number} */ n) => ({
    ...stamps,
    _id: new ObjectId(),
    firebaseUID: `bench-settle-${run}-${kind}-${n}`,
    username: `s${run}${kind[0]}${n}`,
    postsCount: 0,
    followersCount: 0,
    followingCount: 0,
    createdAt: new Date(now - 200 * 24 * HOUR),
  });
  const authors = Array.from({ length: AUTHORS }, (_, n) => user('author', n));
  const fans = Array.from({ length: FANS }, (_, n) => user('fan', n));
  const season = '2026-27';
  const none = { team: null, line: null, side: null, player: null, stat: null };
  const kinds = [
    { ...none, kind: 'margin', team: home._id, line: 5 },
    { ...none, kind: 'win', team: away._id },
    { ...none, kind: 'total', line: 210.5, side: 'over' },
    { ...none, kind: 'player', line: 20, player: player._id, stat: 'points' },
  ];
  const open = { result: null, reason: null, settledAt: null, finalAt: null, basis: -1 };
  const teams = [away._id, home._id];
  const entityKeys = [`game:${id}`, `team:${away._id}`, `team:${home._id}`];
  // What every take shares: the game it is about, and the likes it drew before tip-off.
  const about = { entityType: 'game', playerID: null, team: null, specialID: null, gameID: id, tags: [], entityKey: `game:${id}` };
  const counts = { likes: REACTIONS, dislikes: 0, shares: 0, favorites: 0, commentsCount: 0, popularity: REACTIONS };
  const shared = { ...stamps, ...about, ...counts, entityKeys, matchup: { away: away._id, home: home._id }, namedTeams: teams };
  const like = { targetType: 'take', slot: 'reaction', actionType: 'like', team: null };
  const takes = [];
  const calls = [];
  const likes = [];
  for (let n = 0; n < CALLS; n += 1) {
    const take = new ObjectId();
    const author = /** @type {(typeof authors)[number]} */ (authors[n % AUTHORS]);
    const chip = { ...kinds[n % kinds.length], game: id, season, other: null, teams, lockAt: tipoff };
    takes.push({
      ...shared,
      _id: take,
      title: `Bench call ${n}`,
      description: 'Written by npm run bench: a call on tonight’s game.',
      createdBy: author._id,
      // Below every other take, so the feed the section reads is the same page before and after.
      score: -1e6 + n,
      call: { ...chip, ...open },
    });
    calls.push({ ...chip, ...open, take, author: author._id, scope: 'game', postedAt: posted, crowd: null, judged: false });
    for (let r = 0; r < REACTIONS; r += 1) {
      const at = new Date(posted.getTime() + (r + 1) * 60_000);
      const user = /** @type {(typeof fans)[number]} */ (fans[(n + r * 37) % FANS])._id;
      likes.push({ ...like, user, target: take, createdAt: at, updatedAt: at });
    }
  }
  const game = { _id: id, season, home: home._id, away: away._id, tipoff, status: 'scheduled', homeScore: null, awayScore: null, rev: 1 };
  const line = { _id: `${id}:${player._id}`, game: id, player: player._id, team: home._id, rev: 1, minutes: 34.2, points: 24 };
  await db.collection('users').insertMany([...authors, ...fans]);
  await db.collection('games').insertOne(/** @type {any} */ ({ ...stamps, ...game }));
  await db.collection('boxscores').insertOne(/** @type {any} */ ({ ...stamps, ...line, rebounds: 6, assists: 5, threes: 3 }));
  await db.collection('takes').insertMany(takes);
  await db.collection('calls').insertMany(calls);
  await db.collection('useractions').insertMany(likes);
  return id;
}

/**
 * The feed read back to back while each correction runs, then as many times with nothing written.
 * @param {string} feed
 * @param {(round: number) => Promise<import('./measure.mjs').Reply>} correct
 */
async function feedWhileSettling(feed, correct) {
  /** @type {{ during: number[]; quiet: number[]; corrections: number[] }} */
  const seen = { during: [], quiet: [], corrections: [] };
  let failed = 0;
  const read = async (/** @type {number[]} */ into) => {
    const reply = await timed(feed);
    into.push(reply.ms);
    if (reply.status >= 400) failed += 1;
  };
  for (let round = 0; round < ROUNDS; round += 1) {
    let done = false;
    const correction = correct(round).finally(() => (done = true));
    const from = seen.during.length;
    do await read(seen.during);
    while (!done);
    const reply = await correction;
    seen.corrections.push(reply.ms);
    if (reply.status !== 200) failed += 1;
    for (let i = from; i < seen.during.length; i += 1) await read(seen.quiet);
  }
  const turns = { a: median(seen.during), b: median(seen.quiet), rounds: seen.quiet.length, failed };
  return { feed: turns, corrections: median(seen.corrections) };
}

/** @param {import('./context.mjs').Ctx} ctx */
export async function measureSettle(ctx) {
  // The moderator's sign-in, as the demo seed made it in the emulator.
  /** @type {{ DEMO_ADMIN: { email: string } }} */
  const { DEMO_ADMIN } = await appModule('../../scripts/seed-lib/social-data.ts');
  /** @type {{ DEMO_PASSWORD: string }} */
  const { DEMO_PASSWORD } = await appModule('../../scripts/seed-lib/demo-data.ts');
  const host = /** @type {string} */ (ctx.env.FIREBASE_AUTH_EMULATOR_HOST);
  const { idToken } = await emulatorSignIn(host, { email: DEMO_ADMIN.email, password: DEMO_PASSWORD });
  const headers = { authorization: `Bearer ${idToken}`, 'content-type': 'application/json', 'x-forwarded-for': '10.78.0.1' };
  await withDb(ctx.set.uri, async (db) => {
    const game = await seedGame(db);
    const edit = (/** @type {object} */ body) =>
      timed(`${ctx.url}/api/moderation/league/games/${game}`, { method: 'PATCH', headers, body: JSON.stringify(body) });
    const score = (/** @type {number} */ home, /** @type {number} */ away) => edit({ status: 'final', homeScore: home, awayScore: away });
    // Warm: the feed; the console's directory (the moderator's first request in a process looks them up); the edit's
    // route, loaded by an edit refused before anything is written, so the final's time is the write's, not the
    // module's first load.
    for (let i = 0; i < 5; i += 1) await timed(`${ctx.url}/api/takes`);
    await timed(`${ctx.url}/api/moderation/league/games`, { headers });
    await edit({ status: 'over' });
    /** @type {import('./measure.mjs').Reply | undefined} */
    let reply;
    const final = await counted(ctx.log, async () => (reply = await score(110, 101)));
    if (reply?.status !== 200) throw new SetupError(`the final in the league console answered ${reply?.status}: ${reply?.body}`);
    const settled = await db.collection('calls').countDocuments({ game, result: { $ne: null } });
    const { feed, corrections } = await feedWhileSettling(`${ctx.url}/api/takes`, (round) =>
      round % 2 ? score(110, 101) : score(101, 110),
    );
    ctx.r.settle = { calls: CALLS, settled, ms: final.ms, commands: final.commands, ops: final.ops, corrections, feed };
  });
}
