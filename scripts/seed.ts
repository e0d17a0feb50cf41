/**
 * Loads the demo data: the league's teams, players and special topics (the shipped league, lib/data/league/shipped/, through the
 * importer: lib/data/league/league-import.ts) and a schedule of games around today, demo
 * users (also as auth-emulator accounts), and two weeks of takes with comments,
 * replies, reactions, favorites, shares, follows and reports, receipts (resolved,
 * due and pending, with their votes) and favourite teams; a moderator
 * (admin@takes.test), the notifications of all that, and a moderation queue with
 * a take hidden by its reports (scripts/seed-lib/social-data.ts), and this season's
 * Callers: fans with receipts voted on and scored (scripts/seed-lib/caller-data.ts).
 *
 *   --if-empty        skip the demo content when takes already exist
 *   --reference-only  teams, players and topics only, no games (the API tests use this; a server loads them into an
 *                     empty database itself)
 *   --reset           drop the database first
 *
 * Every document has a deterministic _id, so running it twice changes nothing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import mongoose from 'mongoose';
import { adminAuth } from '@/lib/firebase-admin';
import { dbConnect, dbDisconnect, prepareConnectionWith } from '@/lib/db';
import { ensureSchema } from '@/lib/data/maintenance/schema';
import { env } from '@/lib/env';
import { isDuplicateKey } from '@/lib/errors';
import { scoreClosedReceipts } from '@/lib/data/callers/caller-scoring';
import { importLeague } from '@/lib/data/league/league-import';
import { settleGames } from '@/lib/data/calls/settlement';
import { SHIPPED_LEAGUE_FILES } from '@/lib/data/league/shipped-league';
import { buildCallerDemo, withCallerTakes } from '@/scripts/seed-lib/caller-data';
import { buildDemoData, DEMO_PASSWORD, type DemoContent } from '@/scripts/seed-lib/demo-data';
import { scheduleFile, shippedReference } from '@/scripts/seed-lib/league-data';
import { rawCollection, type SeedDoc } from '@/scripts/seed-lib/raw-collection';
import { buildSocialData } from '@/scripts/seed-lib/social-data';
import { buildGameDemo, demoBoxScores, demoSlate, withGameTakes } from '@/scripts/seed-lib/game-data';
import {
  Call,
  Comment,
  EntityStat,
  Follow,
  HiddenTake,
  ModerationAction,
  Notification,
  ReceiptVote,
  Report,
  Take,
  Team,
  User,
  UserAction,
} from '@/models';

const args = new Set(process.argv.slice(2));
const dataDir = path.join(process.cwd(), 'scripts', 'seed-data');
// The demo seed writes as a server would: on a schema applied as the server applies it (indexes, migrations, league).
prepareConnectionWith(ensureSchema);
const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(dataDir, file), 'utf8')) as T;

/** Inserts the documents whose _id is not there yet; a re-run inserts nothing and fails on nothing. */
async function insertMissing(model: { db: mongoose.Connection; collection: mongoose.Collection }, docs: SeedDoc[]): Promise<number> {
  if (docs.length === 0) return 0;
  try {
    return (await rawCollection(model).insertMany(docs, { ordered: false })).insertedCount;
  } catch (error) {
    if (!(error instanceof mongoose.mongo.MongoBulkWriteError) || ![error.writeErrors].flat().every(isDuplicateKey)) throw error;
    return error.insertedCount;
  }
}

async function ensureAuthAccounts(users: { firebaseUID: string; email: string; username: string }[]) {
  const auth = adminAuth();
  let created = 0;
  for (let i = 0; i < users.length; i += 10) {
    await Promise.all(
      users.slice(i, i + 10).map(async (u) => {
        try {
          await auth.createUser({
            uid: u.firebaseUID,
            email: u.email,
            password: DEMO_PASSWORD,
            displayName: u.username,
            emailVerified: true,
          });
          created += 1;
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code !== 'auth/uid-already-exists' && code !== 'auth/email-already-exists') throw error;
        }
      }),
    );
  }
  return created;
}

async function main() {
  const started = Date.now();
  const { FIREBASE_AUTH_EMULATOR_HOST } = env();
  await dbConnect();
  if (args.has('--reset')) {
    await mongoose.connection.dropDatabase();
    // The schema went with the database; the next instance would apply it, and this seed writes now.
    await ensureSchema();
  }

  const now = new Date();
  const reference = shippedReference();
  // The league as shipped, through the importer: what differs is written and logged, so a second run changes nothing.
  // With --if-empty (every `npm run dev`) a league already there is left as it is, trades made in the console included.
  // The demo's games are made again around today each time (a database seeded on an earlier day gets this day's games
  // too), so their statuses and scores follow the clock.
  const keepLeague = args.has('--if-empty') && (await Team.exists({})) !== null;
  const files = [
    ...(keepLeague ? [] : SHIPPED_LEAGUE_FILES),
    ...(args.has('--reference-only')
      ? []
      : [
          (() => {
            const slate = demoSlate(reference, now);
            return scheduleFile(slate, demoBoxScores(reference, slate));
          })(),
        ]),
  ];
  const league = await importLeague(files, { dryRun: false, by: null, source: 'bootstrap' });
  const changed = Object.entries(league.counts).map(([what, n]) => `${what}: ${n}`);
  const summary = [
    `${reference.teams.length} teams, ${reference.players.length} players, ${reference.topics.length} topics${keepLeague ? ' (kept as they are)' : ''}; league ${changed.join(', ') || 'unchanged'}`,
  ];

  if (!args.has('--reference-only')) {
    const hasTakes = (await Take.estimatedDocumentCount()) > 0;
    const demo = buildDemoData(reference, readJson<DemoContent>('demo-content.json'), now);
    // Adds the moderator to demo.users before the emulator accounts are made.
    const social = buildSocialData(demo, reference, now);
    const callers = buildCallerDemo(reference, now);
    // Adds the game takes' posts to demo.users before they are inserted.
    const gameDay = buildGameDemo(reference, demo.users, now);
    if (FIREBASE_AUTH_EMULATOR_HOST) {
      const created = await ensureAuthAccounts(demo.users);
      summary.push(`${created} new emulator accounts`);
    }
    if (!(args.has('--if-empty') && hasTakes)) {
      const counts = {
        users: await insertMissing(User, demo.users),
        takes: await insertMissing(Take, demo.takes),
        comments: await insertMissing(Comment, demo.comments),
        actions: await insertMissing(UserAction, demo.actions),
        receiptVotes: await insertMissing(ReceiptVote, demo.receiptVotes),
        follows: await insertMissing(Follow, demo.follows),
        reports: await insertMissing(Report, social.reports),
        callerUsers: await insertMissing(User, callers.users),
        callerTakes: await insertMissing(Take, callers.takes),
        callerReactions: await insertMissing(UserAction, callers.actions),
        callerVotes: await insertMissing(ReceiptVote, callers.receiptVotes),
        callerFollows: await insertMissing(Follow, callers.follows),
        gameTakes: await insertMissing(Take, gameDay.takes),
        gameReactions: await insertMissing(UserAction, gameDay.actions),
        gameCalls: await insertMissing(Call, gameDay.calls),
        entityStats: await insertMissing(EntityStat, withGameTakes(withCallerTakes(demo.entityStats, callers.takes), gameDay.takes)),
        notifications: await insertMissing(Notification, social.notifications),
        hiddenTakes: await insertMissing(HiddenTake, social.hiddenTakes),
        moderationActions: await insertMissing(ModerationAction, social.moderationActions),
      };
      summary.push(
        Object.entries(counts)
          .map(([k, v]) => `${v} ${k}`)
          .join(', ') + ' inserted',
      );
    } else {
      summary.push('demo content already present');
    }
    // The demo's calls on games already final settle as a final's write would have settled them (docs/product.md#calls).
    summary.push(`${await settleGames([...new Set(gameDay.calls.map((c) => c.game))], now)} calls settled`);
    // Receipts whose voting closed, however long ago, scored for Callers as the scheduled job would; none twice.
    summary.push(`${await scoreClosedReceipts(now, now.getTime())} receipts scored for Callers`);
  }
  console.log(`seed: ${summary.join('; ')} (${((Date.now() - started) / 1000).toFixed(1)}s)`);
  await dbDisconnect();
}

main().catch(async (error: unknown) => {
  console.error('seed failed:', error instanceof Error ? error.message : error);
  await dbDisconnect().catch(() => undefined);
  process.exit(1);
});
