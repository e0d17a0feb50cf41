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
 * Facts read per collection per run at most; a busier minute is finished by
 * the next runs, from where this one stopped.
 */
const SCAN_BATCH = 2000;
/**
 * How far back each run looks again, for facts stamped by an instance whose
 * clock runs behind the job's (hosts keep clocks within milliseconds; this is
 * ample) and for writes still in flight at the end of the last run.
 */
const OVERLAP_MS = 30_000;
/** Where a first run starts, on a database the job has not scanned yet. */
const FIRST_LOOK_MS = 24 * 60 * 60 * 1000;

type Found = { targets: Map<string, Target>; until: Date };

/** The targets of facts changed in [since, now]; `until` is how far the scan got (earlier than now when a batch filled up). */
async function changedSince(since: Date, now: Date): Promise<Found> {
  const range = { $gte: since, $lte: now };
  const scan = <R>(model: AnyModel, field: 'updatedAt' | 'createdAt', select: Record<string, 1>) =>
    model
      .find({ [field]: mongoose.trusted(range) })
      .sort({ [field]: 1 })
      .limit(SCAN_BATCH)
      .select({ ...select, [field]: 1 })
      .lean<(R & Record<'updatedAt' | 'createdAt', Date>)[]>()
      .exec();
  type Act = { targetType: 'take' | 'comment'; target: Types.ObjectId };
  const [actions, comments, follows, votes, takes] = await Promise.all([
    scan<Act>(UserAction, 'updatedAt', { targetType: 1, target: 1 }),
    scan<{ postID: Types.ObjectId; parentComment?: Types.ObjectId | null }>(Comment, 'updatedAt', { postID: 1, parentComment: 1 }),
    scan<{ follower: Types.ObjectId; followee: Types.ObjectId }>(Follow, 'updatedAt', { follower: 1, followee: 1 }),
    scan<{ take: Types.ObjectId }>(ReceiptVote, 'updatedAt', { take: 1 }),
    // A take's own counters change with every reaction (updatedAt moves): its posting is what its author's count follows.
    scan<{ createdBy: Types.ObjectId }>(Take, 'createdAt', { createdBy: 1 }),
  ]);
  const targets = new Map<string, Target>();
  const add = (kind: Kind, id: unknown) => {
    if (id) targets.set(`${kind}:${String(id)}`, { kind, id: String(id) });
  };
  for (const a of actions) add(a.targetType, a.target);
  for (const c of comments) {
    add('take', c.postID);
    add('comment', c.parentComment);
  }
  for (const f of follows) {
    add('user', f.follower);
    add('user', f.followee);
  }
  for (const v of votes) add('take', v.take);
  for (const t of takes) add('user', t.createdBy);
  // A full batch stops the mark at its last fact, so the next run starts there.
  let until = now;
  for (const [rows, field] of [
    [actions, 'updatedAt'],
    [comments, 'updatedAt'],
    [follows, 'updatedAt'],
    [votes, 'updatedAt'],
    [takes, 'createdAt'],
  ] as const) {
    const last = rows.at(-1)?.[field];
    if (rows.length === SCAN_BATCH && last && last < until) until = last;
  }
  return { targets, until };
}

export type CheckRun = { checked: number; fixed: number; unsettled: number };

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
 * The scheduled job's part: checks the counters of every take, comment and user
 * whose facts changed since the last run, and of every noted CounterCheck, and
 * fixes what a lost write left behind. Two runs at once are safe: each fix is
 * conditional on the counters it was measured against.
 */
export async function runCounterChecks(): Promise<CheckRun> {
  const now = new Date();
  const mark = await SystemState.findById('counter-scan').lean<Pick<SystemStateRow, 'at'>>();
  const since = new Date((mark?.at ?? new Date(now.getTime() - FIRST_LOOK_MS)).getTime() - OVERLAP_MS);
  const found = await changedSince(since, now);
  const noted = await CounterCheck.find({}).sort({ at: 1 }).limit(SCAN_BATCH).lean<CounterCheckRow[]>();
  for (const n of noted) found.targets.set(n._id, { kind: n.kind, id: n.target });

  const { fixed, unsettled } = await checkTargets([...found.targets.values()]);

  // What did not settle is checked again next run; a noted check is removed only if nobody noted it again meanwhile.
  await markForCheck(unsettled);
  const retry = new Set(unsettled.map((t) => `${t.kind}:${t.id}`));
  const done = noted.filter((n) => !retry.has(n._id));
  if (done.length)
    await CounterCheck.bulkWrite(
      done.map((n) => ({ deleteOne: { filter: { _id: n._id, at: n.at } } })),
      { ordered: false },
    );
  // Undone user actions (models/user-action.ts) older than this run's window were in an earlier run's: checked, so they go.
  await UserAction.deleteMany({ actionType: 'removed', updatedAt: mongoose.trusted({ $lt: since }) });
  // $max: a run that overlapped a later one never moves the mark back.
  await SystemState.updateOne({ _id: 'counter-scan' }, { $max: { at: found.until } }, { upsert: true });
  return { checked: found.targets.size, fixed, unsettled: unsettled.length };
}
