import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { reconcile, type Kind } from '@/lib/data/counters/counter-ledgers';
import type { AnyModel } from '@/lib/data/shared/any-model';
import { log } from '@/lib/log';
import {
  Comment,
  CounterCheck,
  type CounterCheckRow,
  Follow,
  ReceiptVote,
  SystemState,
  type SystemStateRow,
  Take,
  UserAction,
} from '@/models';

/**
 * A write is a fact (an action, a comment, a follow) and then the counters it
 * moves, in separate commands: an instance can die between the two, or the
 * database can go away. Nothing about that is kept in process memory, which a
 * recycled instance loses. The facts themselves show what changed: every fact
 * carries `updatedAt`, and the scheduled job checks the counters of everything
 * whose facts changed since its last run (the `counter-scan` mark in
 * SystemState). A removed fact leaves nothing to find, so a removal first
 * leaves a CounterCheck; so does a write that failed, when the database still
 * takes it. The check itself is lib/data/counters/counter-ledgers.ts.
 */
export type Target = { kind: Kind | 'entity'; id: string };

/** Notes targets for the scheduled job to check: one bulk upsert, whatever their number. */
export async function markForCheck(targets: Target[]): Promise<void> {
  if (!targets.length) return;
  const at = new Date();
  await CounterCheck.bulkWrite(
    targets.map((t) => ({
      updateOne: {
        filter: { _id: `${t.kind}:${t.id}` },
        update: { $set: { kind: t.kind, target: t.id, at } },
        upsert: true,
      },
    })),
    { ordered: false },
  );
}

/** Runs `write`; if it fails, the targets are noted for a check (when the database still answers) and the error goes on. */
export async function movingCounters<T>(targets: Target[], write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await markForCheck(targets).catch(() => undefined);
    throw error;
  }
}

/**
 * Facts read per collection in one round of a run. A run reads round after round, each from where the last stopped,
 * until it has caught up with the moment it started or its time is up (SCAN_BUDGET_MS); the next run resumes from the
 * position stored after every round. A fixed cap per run would fall behind for good on a site that changes more facts
 * between two runs than one run reads (Vercel Hobby runs the job once a day): docs/operating.md says what one run covers.
 */
const SCAN_BATCH = 2000;
/**
 * How long one run keeps reading rounds. The job's route may run 60 s (app/api/cron/route.ts, allowed on every Vercel
 * plan); the rest of the job (receipts, verdicts, sweeps) and a round that starts just before the end fit in the rest.
 */
export const SCAN_BUDGET_MS = 40_000;
/**
 * How far back each run looks again, for facts stamped by an instance whose clock runs behind the job's (hosts keep
 * clocks within milliseconds; this is ample) and for writes still in flight at the end of the last run. Within a run
 * the position only moves forward, so however many facts this window holds, a run never reads the same ones twice
 * and always gets past them.
 */
const OVERLAP_MS = 30_000;
/** Where a first run starts, on a database the job has not scanned yet. */
const FIRST_LOOK_MS = 24 * 60 * 60 * 1000;

/** A collection of facts the scan follows, by the time each fact last changed, and the counters a fact moves. */
type Source = {
  key: 'useractions' | 'comments' | 'follows' | 'receiptvotes' | 'takes';
  model: AnyModel;
  field: 'updatedAt' | 'createdAt';
  select: Record<string, 1>;
  targets(row: Record<string, unknown>, add: (kind: Kind, id: unknown) => void): void;
};

const SOURCES: Source[] = [
  {
    key: 'useractions',
    model: UserAction,
    field: 'updatedAt',
    select: { targetType: 1, target: 1 },
    targets: (a, add) => add(a.targetType as 'take' | 'comment', a.target),
  },
  {
    key: 'comments',
    model: Comment,
    field: 'updatedAt',
    select: { postID: 1, parentComment: 1 },
    targets: (c, add) => {
      add('take', c.postID);
      add('comment', c.parentComment);
    },
  },
  {
    key: 'follows',
    model: Follow,
    field: 'updatedAt',
    select: { follower: 1, followee: 1 },
    targets: (f, add) => {
      add('user', f.follower);
      add('user', f.followee);
    },
  },
  { key: 'receiptvotes', model: ReceiptVote, field: 'updatedAt', select: { take: 1 }, targets: (v, add) => add('take', v.take) },
  // A take's own counters change with every reaction (updatedAt moves): its posting is what its author's count follows.
  { key: 'takes', model: Take, field: 'createdAt', select: { createdBy: 1 }, targets: (t, add) => add('user', t.createdBy) },
];

/**
 * How far a run has read one collection: up to `at`, and of the facts stamped exactly `at`, those in `seen` (a batch
 * can end in the middle of one millisecond's facts). `stored` is where the last run left it: a run reads at least past
 * it whatever its budget, so every run moves the stored position on. `done` once it has read up to the run's start.
 */
type Position = { at: Date; seen: Types.ObjectId[]; stored: Date; done: boolean };

/** The next batch of one collection's changed facts after `position`, up to `until`; moves the position past them. */
async function readBatch(source: Source, position: Position, until: Date, add: (kind: Kind, id: unknown) => void): Promise<void> {
  const { field } = source;
  type Row = { _id: Types.ObjectId } & Record<string, unknown>;
  const rows = await source.model
    .find({
      [field]: mongoose.trusted({ $gte: position.at, $lte: until }),
      ...(position.seen.length ? { _id: mongoose.trusted({ $nin: position.seen }) } : {}),
    })
    .sort({ [field]: 1 })
    .limit(SCAN_BATCH)
    .select({ ...source.select, [field]: 1 })
    .lean<Row[]>()
    .exec();
  for (const row of rows) source.targets(row, add);
  const last = rows.at(-1)?.[field] as Date | undefined;
  if (last) {
    const tied = rows.filter((row) => (row[field] as Date).getTime() === last.getTime()).map((row) => row._id);
    position.seen = last.getTime() === position.at.getTime() ? [...position.seen, ...tied] : tied;
    position.at = last;
  }
  if (rows.length < SCAN_BATCH) {
    position.done = true;
    position.at = until;
    position.seen = [];
  }
}

/** Where each collection's scan stopped (SystemState `counter-scan`); a collection never scanned starts at the old single mark. */
async function startPositions(now: Date): Promise<Map<Source['key'], Position>> {
  const mark = await SystemState.findById('counter-scan').lean<Pick<SystemStateRow, 'at' | 'cursors'>>();
  const fallback = mark?.at ?? new Date(now.getTime() - FIRST_LOOK_MS);
  return new Map(
    SOURCES.map((source) => {
      const stored = mark?.cursors?.[source.key] ?? fallback;
      return [source.key, { at: new Date(stored.getTime() - OVERLAP_MS), seen: [], stored, done: false }];
    }),
  );
}

/**
 * Stores how far each collection was read, so a run cut short (its time budget, its instance gone) is resumed from
 * there. $max: a run that overlapped a later one never moves a position back. `at`, the earliest of them, is the
 * single mark the release before this one read and wrote: kept so that one still finds its place during a rollout.
 */
async function savePositions(positions: Map<Source['key'], Position>): Promise<void> {
  const ats = [...positions.values()].map((p) => p.at.getTime());
  await SystemState.updateOne(
    { _id: 'counter-scan' },
    {
      $max: {
        at: new Date(Math.min(...ats)),
        ...Object.fromEntries([...positions].map(([key, p]) => [`cursors.${key}`, p.at])),
      },
    },
    { upsert: true },
  );
}

export type CheckRun = { checked: number; fixed: number; unsettled: number; behind: boolean };

/** Checks these targets now, and notes what did not settle for the scheduled job. */
export async function settleNow(targets: Target[]): Promise<void> {
  await markForCheck((await checkTargets(targets)).unsettled);
}

/**
 * Checks these targets' counters now (and the stats of their takes' entities),
 * fixing what disagrees; returns how many counters it fixed and the targets to
 * check again later. A moderator's restore uses it so the restored take counts
 * at once; the scheduled job, for everything that changed.
 */
export async function checkTargets(targets: Target[]): Promise<{ fixed: number; unsettled: Target[] }> {
  const byKind = (kind: Kind) => [...new Set(targets.filter((t) => t.kind === kind && mongoose.isValidObjectId(t.id)).map((t) => t.id))];
  const unsettled: Target[] = [];
  let fixed = 0;
  // Takes first: their fixes move the entity stats checked after them.
  for (const kind of ['take', 'comment', 'user'] as const) {
    const ids = byKind(kind);
    if (!ids.length) continue;
    const result = await reconcile(kind, { ids });
    fixed += result.fixes.length;
    unsettled.push(...result.unsettled.map((id) => ({ kind, id })));
    if (result.fixes.length) log.info({ kind, fixes: result.fixes }, 'counters fixed from their facts');
  }
  const takes = byKind('take');
  const entityKeys = new Set(targets.filter((t) => t.kind === 'entity').map((t) => t.id));
  if (takes.length)
    // Every entity a take counts for: a take on a game feeds the game's stats and both its teams'.
    for (const key of await Take.distinct('entityKeys', { _id: mongoose.trusted({ $in: takes }) })) entityKeys.add(String(key));
  if (entityKeys.size) fixed += (await reconcile('entity', { ids: [...entityKeys] })).fixes.length;
  return { fixed, unsettled };
}

/**
 * The scheduled job's part: checks the counters of every take, comment and user whose facts changed since the last
 * run, and of every noted CounterCheck, and fixes what a lost write left behind. It reads in rounds, each from where
 * the last stopped, until it is caught up or `budgetMs` has passed; `behind` says it stopped with changes still to
 * read, which the next run takes up from the stored positions. Two runs at once are safe: each fix is conditional on
 * the counters it was measured against, and the positions only move forward.
 */
export async function runCounterChecks({ budgetMs = SCAN_BUDGET_MS }: { budgetMs?: number } = {}): Promise<CheckRun> {
  const started = Date.now();
  const now = new Date();
  const positions = await startPositions(now);
  const since = positions.get('useractions')!.at;
  let notedDone = false;
  const run: CheckRun = { checked: 0, fixed: 0, unsettled: 0, behind: false };

  for (;;) {
    const targets = new Map<string, Target>();
    const add = (kind: Kind, id: unknown) => {
      if (id) targets.set(`${kind}:${String(id)}`, { kind, id: String(id) });
    };
    await Promise.all(
      SOURCES.filter((source) => !positions.get(source.key)!.done).map((source) => readBatch(source, positions.get(source.key)!, now, add)),
    );
    // Checks noted before this run began; one this run notes again (unsettled) waits for the next run.
    const noted = notedDone
      ? []
      : await CounterCheck.find({ at: mongoose.trusted({ $lte: now }) })
          .sort({ at: 1 })
          .limit(SCAN_BATCH)
          .lean<CounterCheckRow[]>();
    if (noted.length < SCAN_BATCH) notedDone = true;
    for (const n of noted) targets.set(n._id, { kind: n.kind, id: n.target });

    const { fixed, unsettled } = await checkTargets([...targets.values()]);
    run.checked += targets.size;
    run.fixed += fixed;
    run.unsettled += unsettled.length;

    // What did not settle is checked again next run; a noted check is removed only if nobody noted it again meanwhile.
    await markForCheck(unsettled);
    const retry = new Set(unsettled.map((t) => `${t.kind}:${t.id}`));
    const done = noted.filter((n) => !retry.has(n._id));
    if (done.length)
      await CounterCheck.bulkWrite(
        done.map((n) => ({ deleteOne: { filter: { _id: n._id, at: n.at } } })),
        { ordered: false },
      );
    await savePositions(positions);

    const caughtUp = notedDone && [...positions.values()].every((p) => p.done);
    if (caughtUp) break;
    // However short the budget, a run gets past where the last one stopped, so no run leaves the positions as it found them.
    const movedOn = [...positions.values()].every((p) => p.done || p.at > p.stored);
    if (movedOn && Date.now() - started >= budgetMs) {
      run.behind = true;
      const [oldest] = [...positions.values()].map((p) => p.at).sort((a, b) => a.getTime() - b.getTime());
      log.warn({ readUpTo: oldest, checked: run.checked }, 'counter checks stopped at their time budget; the next run resumes there');
      break;
    }
  }
  // Undone user actions (models/user-action.ts) older than this run's window were in an earlier run's: checked, so they go.
  await UserAction.deleteMany({ actionType: 'removed', updatedAt: mongoose.trusted({ $lt: since }) });
  return run;
}
