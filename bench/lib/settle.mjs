// @ts-check
// One final settling 1,000 calls (issue 52, docs/features.md#calls-settling-and-the-record): a game with a thousand
// takes that carry calls on it, their fans' reactions, and an administrator who records its final in the league
// console. Measured: that request's time and database commands (every one of them, and the settlement's own), that all
// 1,000 settled, and the feed read in turns with corrections of the score that settle the 1,000 again, against the
// same reads with nothing being written.
import { createRequire } from 'node:module';
import path from 'node:path';
import { emulatorAccount } from '../../scripts/lib/emulator-account.mjs';
import { ROOT, SetupError } from '../../scripts/lib/services.mjs';
import { median, queryLog, timed } from './measure.mjs';
import { startApp } from './processes.mjs';

/**
 * @typedef {{
 *   calls: number;
 *   settled: number;
 *   final: { ms: number; status: number; commands: number; settlement: number; byCollection: Record<string, number> };
 *   feed: { quiet: number | null; during: number | null; ratio: number | null; reads: number; rounds: number; failed: number };
 *   corrections: number[];
 * }} Settlement
 */

const CALLS = 1000;
const AUTHORS = 200;
const FANS = 100;
/** Reactions each take drew before tip-off, from the fans in turn. */
const REACTIONS = 3;
/** Corrections of the score, each settling the 1,000 again, with the feed read while each runs and between them. */
const ROUNDS = 8;
/** The collections a settlement reads and writes (lib/data/calls/settlement.ts); the rest of the request is the league write's. */
const SETTLEMENT_COLLECTIONS = new Set([
  'calls',
  'takes',
  'hiddentakes',
  'boxscores',
  'useractions',
  'users',
  'comments',
  'saves',
  'notifications',
]);

/**
 * The game and its calls, written straight to the database as the app writes them: authors and fans, the takes with
 * their chips, the calls, the reactions. Kinds in turn: the home team by 5, the away team to win, the total over
 * 210.5, a home player's 20 points (with his line in the box score).
 * @param {string} uri
 */
async function seedGame(uri) {
  const { mongo, Types } = /** @type {typeof import('mongoose')} */ (createRequire(path.join(ROOT, 'package.json'))('mongoose'));
  const client = new mongo.MongoClient(uri);
  try {
    const db = client.db();
    const [home, away] = /** @type {{ _id: number }[]} */ (
      /** @type {unknown} */ (await db.collection('teams').find({}).sort({ _id: 1 }).limit(2).toArray())
    );
    const player = /** @type {{ _id: number } | null} */ (
      /** @type {unknown} */ (await db.collection('players').findOne({ teamId: home?._id }))
    );
    if (!home || !away || !player) throw new SetupError('the settlement run needs the reference data seeded.');
    const now = Date.now();
    const id = 960_000_000 + Math.floor(Math.random() * 1_000_000);
    const tipoff = new Date(now + 60 * 60 * 1000);
    const posted = new Date(now - 60 * 60 * 1000);
    const run = Date.now().toString(36).slice(-5);
    const user = (/** @type {string} */ kind, /** @type {number} */ n) => ({
      _id: new Types.ObjectId(),
      firebaseUID: `bench-settle-${run}-${kind}-${n}`,
      username: `s${run}${kind[0]}${n}`,
      postsCount: 0,
      followersCount: 0,
      followingCount: 0,
      createdAt: new Date(now - 200 * 24 * 60 * 60 * 1000),
      updatedAt: posted,
    });
    const authors = Array.from({ length: AUTHORS }, (_, n) => user('author', n));
    const fans = Array.from({ length: FANS }, (_, n) => user('fan', n));
    await db.collection('users').insertMany([...authors, ...fans]);
    await db.collection('games').insertOne(
      /** @type {never} */ ({
        _id: id,
        season: '2026-27',
        home: home._id,
        away: away._id,
        tipoff,
        status: 'scheduled',
        homeScore: null,
        awayScore: null,
        rev: 1,
        createdAt: posted,
        updatedAt: posted,
      }),
    );
    await db.collection('boxscores').insertOne(
      /** @type {never} */ ({
        _id: `${id}:${player._id}`,
        game: id,
        player: player._id,
        team: home._id,
        minutes: 34.2,
        points: 24,
        rebounds: 6,
        assists: 5,
        threes: 3,
        rev: 1,
        createdAt: posted,
        updatedAt: posted,
      }),
    );
    const kinds = [
      { kind: 'margin', team: home._id, line: 5, side: null, player: null, stat: null },
      { kind: 'win', team: away._id, line: null, side: null, player: null, stat: null },
      { kind: 'total', team: null, line: 210.5, side: 'over', player: null, stat: null },
      { kind: 'player', team: null, line: 20, side: null, player: player._id, stat: 'points' },
    ];
    const takes = [];
    const calls = [];
    const reactions = [];
    for (let n = 0; n < CALLS; n += 1) {
      const terms = /** @type {(typeof kinds)[number]} */ (kinds[n % kinds.length]);
      const take = new Types.ObjectId();
      const author = /** @type {(typeof authors)[number]} */ (authors[n % AUTHORS]);
      const chip = { ...terms, game: id, season: '2026-27', other: null, teams: [away._id, home._id], lockAt: tipoff };
      takes.push({
        _id: take,
        title: `Bench call ${n}`,
        description: 'Written by npm run bench: a call on tonight’s game.',
        tags: [],
        entityType: 'game',
        playerID: null,
        team: null,
        specialID: null,
        gameID: id,
        matchup: { away: away._id, home: home._id },
        entityKey: `game:${id}`,
        entityKeys: [`game:${id}`, `team:${away._id}`, `team:${home._id}`],
        namedTeams: [away._id, home._id],
        createdBy: author._id,
        likes: REACTIONS,
        dislikes: 0,
        shares: 0,
        favorites: 0,
        commentsCount: 0,
        score: -1e6 + n,
        popularity: REACTIONS,
        call: { ...chip, result: null, reason: null, settledAt: null, finalAt: null, basis: -1 },
        createdAt: posted,
        updatedAt: posted,
      });
      calls.push({
        take,
        author: author._id,
        scope: 'game',
        ...chip,
        postedAt: posted,
        result: null,
        reason: null,
        settledAt: null,
        finalAt: null,
        basis: -1,
        crowd: null,
        judged: false,
      });
      for (let r = 0; r < REACTIONS; r += 1) {
        const fan = /** @type {(typeof fans)[number]} */ (fans[(n + r * 37) % FANS]);
        const at = new Date(posted.getTime() + (r + 1) * 60_000);
        reactions.push({
          user: fan._id,
          targetType: 'take',
          target: take,
          slot: 'reaction',
          actionType: 'like',
          team: null,
          createdAt: at,
          updatedAt: at,
        });
      }
    }
    await db.collection('takes').insertMany(takes);
    await db.collection('calls').insertMany(calls);
    await db.collection('useractions').insertMany(reactions);
    return {
      id,
      /** How many of the game's calls have a result. */
      settled: () => db.collection('calls').countDocuments({ game: id, result: { $ne: null } }),
      close: () => client.close(),
    };
  } catch (error) {
    await client.close();
    throw error;
  }
}

/**
 * @param {{ uri: string; env: Record<string, string | undefined>; distDir: string; emulatorHost: string; logFile: string }} options
 * @returns {Promise<Settlement>}
 */
export async function measureSettlement({ uri, env, distDir, emulatorHost, logFile }) {
  const game = await seedGame(uri);
  const run = Date.now().toString(36).slice(-5);
  const admin = await emulatorAccount(emulatorHost, { email: `bench-commish-${run}@example.test`, password: 'bench-password-1' });
  // An app of its own, whose environment names the run's administrator.
  const app = await startApp({ ...env, MONGODB_URI: uri, TAKES_QUERY_LOG: logFile, TAKES_ADMIN_UIDS: admin.uid }, distDir);
  try {
    const headers = { authorization: `Bearer ${admin.idToken}`, 'content-type': 'application/json', 'x-forwarded-for': '10.78.0.1' };
    const made = await fetch(`${app.url}/api/users`, { method: 'POST', headers, body: JSON.stringify({ username: `commish${run}` }) });
    if (made.status !== 201) throw new SetupError(`bench administrator: POST /api/users answered ${made.status}`);
    const score = (/** @type {number} */ home, /** @type {number} */ away) =>
      timed(`${app.url}/api/moderation/league/games/${game.id}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ status: 'final', homeScore: home, awayScore: away }),
      });
    const feed = `${app.url}/api/takes`;
    // Warm: the feed's entry, the administrator's first request, the directory.
    for (let i = 0; i < 5; i += 1) await timed(feed);
    await timed(`${app.url}/api/moderation/league/games`, { headers });

    const log = queryLog(logFile);
    const from = log.mark();
    const final = await score(110, 101);
    if (final.status !== 200) throw new SetupError(`the final answered ${final.status}: ${final.body}`);
    const lines = log.since(from).filter((l) => l.coll !== 'systemstate');
    /** @type {Record<string, number>} */
    const byCollection = {};
    for (const line of lines) byCollection[line.coll ?? line.op] = (byCollection[line.coll ?? line.op] ?? 0) + 1;
    const settled = await game.settled();

    // The feed read while a correction settles the 1,000 again, and as many reads with nothing written, in turns.
    /** @type {number[]} */
    const quiet = [];
    /** @type {number[]} */
    const during = [];
    /** @type {number[]} */
    const corrections = [];
    let failed = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const correction = score(round % 2 ? 110 : 101, round % 2 ? 101 : 110);
      let done = false;
      void correction.then(() => {
        done = true;
      });
      let reads = 0;
      do {
        const reply = await timed(feed);
        if (reply.status >= 400) failed += 1;
        during.push(reply.ms);
        reads += 1;
      } while (!done);
      const corrected = await correction;
      if (corrected.status !== 200) failed += 1;
      corrections.push(corrected.ms);
      for (let i = 0; i < reads; i += 1) {
        const reply = await timed(feed);
        if (reply.status >= 400) failed += 1;
        quiet.push(reply.ms);
      }
    }
    const [q, d] = [median(quiet), median(during)];
    return {
      calls: CALLS,
      settled,
      final: {
        ms: final.ms,
        status: final.status,
        commands: lines.length,
        settlement: lines.filter((l) => SETTLEMENT_COLLECTIONS.has(l.coll ?? '')).length,
        byCollection,
      },
      feed: { quiet: q, during: d, ratio: q && d != null ? d / q : null, reads: quiet.length, rounds: ROUNDS, failed },
      corrections,
    };
  } finally {
    await app.stop();
    await game.close();
  }
}
