/**
 * The benchmark's synthetic data set: `--takes N` takes made of demo worlds
 * (scripts/seed-lib/demo-data.ts, variants 0, 1, 2 …), so users, comments,
 * replies, reactions, receipt votes, follows and reports keep the demo's proportions and a
 * few takes in each world get most of the engagement; and one busy game night, GAME_THREAD takes filed on one
 * game by the first world's fans (scripts/seed-lib/game-data.ts), whose thread pages like the feed. Expects a database
 * holding the reference data and indexes only (`scripts/seed.ts --reference-only`).
 *
 *   node --conditions=react-server --import tsx bench/seed-set.ts --takes 10000
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type mongoose from 'mongoose';
import { dbConnect, dbDisconnect } from '@/lib/db';
import { buildDemoData, type DemoContent } from '@/scripts/seed-lib/demo-data';
import { buildGameThread, withGameTakes } from '@/scripts/seed-lib/game-data';
import { shippedReference } from '@/scripts/seed-lib/league-data';
import { rawCollection, type SeedDoc } from '@/scripts/seed-lib/raw-collection';
import { Comment, EntityStat, Follow, Game, ReceiptVote, Report, Take, User, UserAction } from '@/models';

const WORLD_TAKES = 330;
const GAME_THREAD = 500;
const CHUNK = 10_000;

const takesArg = process.argv.indexOf('--takes');
const total = Number(process.argv[takesArg + 1]);
if (takesArg < 0 || !Number.isInteger(total) || total < 1) throw new Error('usage: bench/seed-set.ts --takes <count>');

/** An entity's stats, summed across worlds (the game thread's entity type too). */
type Stat = Omit<ReturnType<typeof buildDemoData>['entityStats'][number], 'entityType'> & { entityType: string };

/** Where each part of a demo world goes; entity stats are summed across worlds first. */
const COLLECTIONS = {
  users: User,
  takes: Take,
  comments: Comment,
  actions: UserAction,
  receiptVotes: ReceiptVote,
  follows: Follow,
  reports: Report,
} as const;
type Part = keyof typeof COLLECTIONS;

async function insert(model: { db: mongoose.Connection; collection: mongoose.Collection }, docs: SeedDoc[]) {
  for (let i = 0; i < docs.length; i += CHUNK) await rawCollection(model).insertMany(docs.slice(i, i + CHUNK), { ordered: false });
}

async function main() {
  const started = Date.now();
  await dbConnect();
  const reference = shippedReference();
  const content = JSON.parse(readFileSync(path.join('scripts', 'seed-data', 'demo-content.json'), 'utf8')) as DemoContent;
  const now = new Date();
  const stats = new Map<string, Stat>();
  const counts = Object.fromEntries(Object.keys(COLLECTIONS).map((part) => [part, 0])) as Record<Part, number>;
  for (let variant = 0; counts.takes < total; variant += 1) {
    const world = buildDemoData(reference, content, now, { variant, takes: Math.min(WORLD_TAKES, total - counts.takes) });
    if (variant === 0) {
      // Before the world's users are inserted: the thread's authors gain its posts.
      const thread = buildGameThread(reference, world.users, GAME_THREAD, now);
      await insert(Game, [thread.game]);
      await insert(Take, thread.takes);
      for (const stat of withGameTakes([], thread.takes)) stats.set(stat._id, { ...stat, score: stat.score ?? 0 });
    }
    for (const [part, model] of Object.entries(COLLECTIONS) as [Part, (typeof COLLECTIONS)[Part]][]) {
      await insert(model, world[part]);
      counts[part] += world[part].length;
    }
    for (const stat of world.entityStats) {
      const sum = stats.get(stat._id);
      if (!sum) stats.set(stat._id, { ...stat });
      else for (const field of ['takes', 'likes', 'comments', 'shares', 'score'] as const) sum[field] += stat[field];
    }
  }
  await insert(EntityStat, [...stats.values()]);
  console.log(JSON.stringify({ ...counts, entityStats: stats.size, seconds: (Date.now() - started) / 1000 }));
  await dbDisconnect();
}

main().catch(async (error: unknown) => {
  console.error('bench seed failed:', error instanceof Error ? error.message : error);
  await dbDisconnect().catch(() => undefined);
  process.exit(1);
});
