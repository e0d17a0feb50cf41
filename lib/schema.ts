import 'server-only';
import { createHash, randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { carryAllBlocks } from '@/lib/data/visibility/block-carry';
import { backfillEntityScores } from '@/lib/data/maintenance/entity-score-backfill';
import { fillVoteAuthors } from '@/lib/data/callers/caller-votes';
import { backfillSearchKeys } from '@/lib/data/maintenance/search-backfill';
import { backfillPlayerStints, backfillTakeTeams } from '@/lib/data/league/league-backfill';
import { log } from '@/lib/log';
import { ALL_MODELS, SystemState, type SystemStateRow } from '@/models';

/**
 * Data migrations a release needs, in order, by a name that never changes. Each
 * must be safe to run again (an instance may die halfway and another take over).
 * A migration runs while lib/db.ts is still connecting, so it imports models and
 * pure modules only, never one that waits for dbConnect().
 */
const MIGRATIONS: { name: string; run: () => Promise<void> }[] = [
  // Takes and comments carry the blocks between their author and other fans (lib/data/visibility/block-carry.ts).
  { name: 'blocks-onto-content', run: carryAllBlocks },
  // Takes are found by their words' prefixes (lib/search-keys.ts): takes stored before that get their keys.
  { name: 'take-search-keys', run: async () => void (await backfillSearchKeys()) },
  // All-time trending reads entities by a stored score (models/entity-stat.ts): stats stored before it get theirs.
  { name: 'entity-topic-score', run: backfillEntityScores },
  // Receipt votes carry their take's author, for the callers' per-author cap (lib/data/callers/caller-votes.ts).
  { name: 'receipt-vote-authors', run: fillVoteAuthors },
  // Players have stints (lib/league.ts): those stored before are on their team since before the records began.
  { name: 'player-stints', run: backfillPlayerStints },
  // A take belongs to the team its player was on when it was posted (fanTeam): those stored without one get it.
  { name: 'take-teams', run: backfillTakeTeams },
];

/**
 * The schema's version: a digest of every declared index and every migration's
 * name. A release that adds an index or a migration has a new version without
 * anyone remembering to bump a number.
 */
export const SCHEMA_VERSION = createHash('sha256')
  .update(JSON.stringify([ALL_MODELS.map((m) => [m.collection.collectionName, m.schema.indexes()]), MIGRATIONS.map((m) => m.name)]))
  .digest('hex')
  .slice(0, 16);

/** How long an instance may hold the lease before another may take over (it renews it after each collection). */
const LEASE_MS = 60_000;
const WAIT_STEP_MS = 250;

/**
 * Builds every declared index, one collection at a time: the local engine's H2
 * store can fail two builds that create their collections at the same moment
 * ("… already existed in … system.namespaces"). An index that exists is left
 * as it is, so this is cheap to run again.
 */
export async function ensureIndexes(renew: () => Promise<void> = async () => {}): Promise<void> {
  for (const model of ALL_MODELS) {
    await model.createIndexes();
    await renew();
  }
}

type SchemaState = Pick<SystemStateRow, 'applied' | 'migrations' | 'leaseUntil'>;
const isApplied = (state: SchemaState | null) => Boolean(state?.applied?.includes(SCHEMA_VERSION));

/** Takes the lease to apply this version; false when another instance holds it or the version is applied already. */
async function takeLease(holder: string): Promise<boolean> {
  const now = new Date();
  try {
    const taken = await SystemState.findOneAndUpdate(
      {
        _id: 'schema',
        applied: mongoose.trusted({ $ne: SCHEMA_VERSION }),
        $or: [{ leaseUntil: null }, { leaseUntil: mongoose.trusted({ $lt: now }) }],
      },
      { $set: { leaseUntil: new Date(now.getTime() + LEASE_MS), leaseHolder: holder } },
      { upsert: true, returnDocument: 'after' },
    ).lean<Pick<SystemStateRow, 'leaseHolder'>>();
    return taken?.leaseHolder === holder;
  } catch (error) {
    // Two first instances upserting at once: one inserted the document, the other lost the race and waits.
    if ((error as { code?: number }).code === 11000) return false;
    throw error;
  }
}

/**
 * Applies this release's schema once per version, whichever instance gets
 * there first: the indexes that make reactions, follows, notifications and
 * votes exact, and any migration. Checked on each instance's first connection
 * (one small read once the version is applied); one instance holds a lease in
 * the database while it builds, and the others wait for it rather than write
 * without the indexes. An instance that dies while building lets its lease
 * run out, and the next one takes over.
 */
export async function ensureSchema(): Promise<void> {
  const holder = randomUUID();
  let state: SchemaState | null;
  for (;;) {
    state = await SystemState.findById('schema').lean<SchemaState>();
    if (isApplied(state)) return;
    if (await takeLease(holder)) break;
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
  const started = Date.now();
  const renew = async () => {
    await SystemState.updateOne({ _id: 'schema', leaseHolder: holder }, { $set: { leaseUntil: new Date(Date.now() + LEASE_MS) } });
  };
  await ensureIndexes(renew);
  for (const migration of MIGRATIONS) {
    if (state?.migrations?.includes(migration.name)) continue;
    await migration.run();
    await SystemState.updateOne({ _id: 'schema' }, { $addToSet: { migrations: migration.name } });
    await renew();
  }
  await SystemState.updateOne(
    { _id: 'schema', leaseHolder: holder },
    { $addToSet: { applied: SCHEMA_VERSION }, $inc: { builds: 1 }, $unset: { leaseUntil: 1, leaseHolder: 1 } },
  );
  log.info({ version: SCHEMA_VERSION, ms: Date.now() - started }, 'schema applied');
}
