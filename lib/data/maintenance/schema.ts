import 'server-only';
import { createHash, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import mongoose from 'mongoose';
import { MIGRATIONS } from '@/lib/data/maintenance/migrations';
import { env } from '@/lib/env';
import { isDuplicateKey } from '@/lib/errors';
import { log } from '@/lib/log';
import { ALL_MODELS, SystemState, type SystemStateRow } from '@/models';

/**
 * The schema's version: a digest of every declared index and every migration's
 * name. A release that adds an index or a migration has a new version without
 * anyone remembering to bump a number.
 */
export const SCHEMA_VERSION = createHash('sha256')
  .update(JSON.stringify([ALL_MODELS.map((m) => [m.collection.collectionName, m.schema.indexes()]), MIGRATIONS.map((m) => m.name)]))
  .digest('hex')
  .slice(0, 16);

const WAIT_STEP_MS = 250;
/** Steps kept in the schema document's history (which instance ran what, and when), newest last. */
const HISTORY = 100;

type SchemaState = Pick<SystemStateRow, 'applied' | 'migrations' | 'leaseUntil' | 'leaseHolder'>;
const isApplied = (state: SchemaState | null) => Boolean(state?.applied?.includes(SCHEMA_VERSION));

/** The instance holding the lease found it gone: another took over, so this one stops where it is. */
class LeaseLost extends Error {
  constructor(step: string) {
    super(`lost the schema lease before ${step}`);
  }
}

/**
 * The lease an instance holds while it applies a version, fenced: every step
 * starts, and every step's record is written, only while this holder still
 * holds it (a conditional write on `leaseHolder` and an unexpired
 * `leaseUntil`). A heartbeat renews it while a long step runs, so a slow
 * migration does not lose it to an instance that is waiting; when a renewal
 * finds it gone (this process was paused past it, or cut off from the
 * database), `signal` aborts and the migration stops at its next batch. A
 * step cut short is run again whole by the next holder: each is safe to repeat.
 */
class Lease {
  private readonly aborter = new AbortController();
  private readonly heartbeat: NodeJS.Timeout;
  readonly signal = this.aborter.signal;

  constructor(
    readonly holder: string,
    private readonly ms: number,
  ) {
    this.heartbeat = setInterval(() => void this.renew('heartbeat').catch(() => undefined), Math.max(500, ms / 4));
    this.heartbeat.unref();
  }

  /** Extends the lease, only while this instance holds it; aborts `signal` and throws when it does not. */
  async renew(step: string, record: Record<string, unknown> = {}): Promise<void> {
    this.signal.throwIfAborted();
    const now = new Date();
    const { matchedCount } = await SystemState.updateOne(
      { _id: 'schema', leaseHolder: this.holder, leaseUntil: mongoose.trusted({ $gt: now }) },
      {
        $set: { leaseUntil: new Date(now.getTime() + this.ms) },
        ...(step === 'heartbeat' ? {} : { $push: { history: { $each: [{ step, holder: this.holder, at: now }], $slice: -HISTORY } } }),
        ...record,
      },
    );
    if (matchedCount === 1) return;
    const lost = new LeaseLost(step);
    this.aborter.abort(lost);
    throw lost;
  }

  end(): void {
    clearInterval(this.heartbeat);
  }
}

/** Takes the lease to apply this version; null when another instance holds it or the version is applied already. */
async function takeLease(): Promise<Lease | null> {
  // The host and process are in the name, so an operator (and the lease test) can tell which instance holds it.
  const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const ms = env().TAKES_SCHEMA_LEASE_SECONDS * 1000;
  const now = new Date();
  try {
    const taken = await SystemState.findOneAndUpdate(
      {
        _id: 'schema',
        applied: mongoose.trusted({ $ne: SCHEMA_VERSION }),
        $or: [{ leaseUntil: null }, { leaseUntil: mongoose.trusted({ $lt: now }) }],
      },
      { $set: { leaseUntil: new Date(now.getTime() + ms), leaseHolder: holder } },
      { upsert: true, returnDocument: 'after' },
    ).lean<Pick<SystemStateRow, 'leaseHolder'>>();
    return taken?.leaseHolder === holder ? new Lease(holder, ms) : null;
  } catch (error) {
    // Two first instances upserting at once: one inserted the document, the other lost the race and waits.
    if (isDuplicateKey(error)) return null;
    throw error;
  }
}

/**
 * Builds every declared index, one collection at a time: the local engine's H2
 * store can fail two builds that create their collections at the same moment
 * ("… already existed in … system.namespaces"). An index that exists is left
 * as it is, so this is cheap to run again.
 */
async function buildIndexes(lease: Lease): Promise<void> {
  for (const model of ALL_MODELS) {
    await lease.renew(`indexes:${model.collection.collectionName}`);
    await model.createIndexes();
  }
}

/** Builds the indexes and runs the migrations not run yet, each step fenced on the lease; then marks the version applied. */
async function apply(lease: Lease, state: SchemaState | null): Promise<void> {
  const started = Date.now();
  await buildIndexes(lease);
  for (const migration of MIGRATIONS) {
    if (state?.migrations?.includes(migration.name)) continue;
    await lease.renew(`migration:${migration.name}`);
    await migration.run(lease.signal);
    await lease.renew(`migrated:${migration.name}`, { $addToSet: { migrations: migration.name } });
  }
  // The last fenced write: the version is applied, counted once, and the lease let go, all only by its holder.
  const { matchedCount } = await SystemState.updateOne(
    { _id: 'schema', leaseHolder: lease.holder },
    {
      $addToSet: { applied: SCHEMA_VERSION },
      $inc: { builds: 1 },
      $set: { appliedBy: lease.holder },
      $unset: { leaseUntil: 1, leaseHolder: 1 },
    },
  );
  if (matchedCount !== 1) throw new LeaseLost('marking the version applied');
  log.info({ version: SCHEMA_VERSION, ms: Date.now() - started, holder: lease.holder }, 'schema applied');
}

/**
 * Applies this release's schema once per version, whichever instance gets
 * there first: the indexes that make reactions, follows, notifications and
 * votes exact, the data migrations, and on a new database the shipped league.
 * Checked by each instance before it serves (instrumentation.ts, through
 * lib/db.ts's first connection): one small read once the version is applied.
 * One instance holds the lease while it builds, and the others wait for it
 * rather than write without the indexes. An instance that dies while building
 * lets its lease run out, and the next one takes over; one that finds its
 * lease taken stops and waits like the others.
 */
export async function ensureSchema(): Promise<void> {
  for (;;) {
    const state = await SystemState.findById('schema').lean<SchemaState>();
    if (isApplied(state)) return;
    const lease = await takeLease();
    if (lease) {
      try {
        await apply(lease, state);
        return;
      } catch (error) {
        if (!(error instanceof LeaseLost)) throw error;
        log.warn({ holder: lease.holder, err: error.message }, 'schema lease lost; waiting for the instance that took it');
      } finally {
        lease.end();
      }
    }
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
}

/** Whether the database has this release's schema applied, for /api/health. */
export async function schemaApplied(): Promise<boolean> {
  return isApplied(await SystemState.findById('schema').select({ applied: 1 }).lean<SchemaState>());
}
