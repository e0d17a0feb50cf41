import 'server-only';
import mongoose from 'mongoose';
import { CALLER_TAKE_BACK_MS } from '@/lib/callers/constants';
import { RECEIPT_VERDICT_AFTER_MS, RECEIPTS_CATCH_UP_MS } from '@/lib/receipts/constants';
import { RECEIPT_FIELDS, type Receipt, scoreOf, votedScore } from '@/lib/data/callers/call-score';
import { callerFacts, type CallerFacts } from '@/lib/data/callers/caller-facts';
import { judgeCall } from '@/lib/data/callers/caller-votes';
import { recomputeStandings } from '@/lib/data/callers/caller-standings';
import { notifyScored, notifyTopCaller } from '@/lib/data/notifications/notifications';
import { insertOnce } from '@/lib/data/shared/insert-once';
import { CallerScore, Take, type TakeRow } from '@/models';

/**
 * Scores receipts for Callers (lib/callers/callers.ts). A receipt is scored once, when
 * its voting has closed (a week after its check-back date): the scheduled job
 * meets it (scoreClosedReceipts). The score is a fact, CallerScore, whose _id
 * is the take's: of two instances (or job runs) scoring the same receipt,
 * the unique _id lets one insert and the other stop; what follows the insert
 * (recomputing the author's standings, notifying) is idempotent, so a run cut
 * short after the insert is finished by repair-counts at worst. Who counts in
 * its crowd and its verdict is lib/data/callers/caller-votes.ts.
 */

/** One receipt whose voting has closed: counts the votes that count, scores it, and brings its author's standings in step. */
export async function scoreReceipt(take: Receipt, at: Date, facts: CallerFacts = callerFacts(at)): Promise<boolean> {
  const score = await votedScore(take, at, facts);
  // Scored already (another instance, an earlier run, a deletion): its author heard of it then.
  if (!(await insertOnce(() => CallerScore.create(score)))) return false;
  const top = await recomputeStandings(take.createdBy, at);
  await notifyScored(take.createdBy, take._id, score.verdict, score.points);
  for (const board of top) await notifyTopCaller(take.createdBy, board);
  return true;
}

const SCORE_BATCH = 200;

/**
 * The scheduled job's part: receipts whose voting closed within the catch-up
 * window (missed runs are caught up) and that are not scored yet. Reads the
 * window's take ids by the check-back index and the scores among them by _id,
 * then scores the rest. `catchUpMs` reaches further back (the demo seed).
 * Returns how many it scored.
 */
export async function scoreClosedReceipts(at: Date, catchUpMs: number = RECEIPTS_CATCH_UP_MS): Promise<number> {
  const closedBy = at.getTime() - RECEIPT_VERDICT_AFTER_MS;
  const closed = await Take.find({ checkBackAt: mongoose.trusted({ $gte: new Date(closedBy - catchUpMs), $lte: new Date(closedBy) }) })
    .sort({ checkBackAt: -1, _id: -1 })
    .select({ _id: 1 })
    .lean<Pick<TakeRow, '_id'>[]>();
  let scored = 0;
  const facts = callerFacts(at);
  for (let i = 0; i < closed.length; i += SCORE_BATCH) {
    const ids = closed.slice(i, i + SCORE_BATCH).map((t) => t._id);
    const done = new Set(
      (
        await CallerScore.find({ _id: mongoose.trusted({ $in: ids }) })
          .select({ _id: 1 })
          .lean<{ _id: unknown }[]>()
      ).map((s) => String(s._id)),
    );
    const open = ids.filter((id) => !done.has(String(id)));
    if (open.length === 0) continue;
    const takes = await Take.find({ _id: mongoose.trusted({ $in: open }) })
      .select(RECEIPT_FIELDS)
      .lean<Receipt[]>();
    for (const take of takes) if (await scoreReceipt(take, at, facts)) scored += 1;
  }
  return scored;
}

/**
 * A take with a check-back date deleted more than CALLER_TAKE_BACK_MS after it
 * was posted scores as aged poorly, now, unless it was scored already: deleting
 * the calls that are going badly must not clean a record, and by the time a
 * game or the news a call names is in, it is on the record. Within that time a
 * fan may still take a take back (a typo). Its crowd is judged as any call's,
 * while its reactions are still there. Called before the take goes
 * (lib/data/takes/takes.ts deleteTake).
 * Removed by moderators rather than its author, it scores the same (getting a
 * losing call removed must not clean a record either; a removal within the time
 * its author could have taken it back in scores nothing, as theirs would), and
 * its title is kept nowhere, a score it already had losing its title too
 * (docs/product.md#moderation).
 */
export async function scoreDeletedReceipt(take: Receipt, at: Date, by: 'author' | 'moderators' = 'author'): Promise<void> {
  if (by === 'moderators') await CallerScore.updateOne({ _id: take._id }, { $set: { title: null } });
  if (!take.checkBackAt || at.getTime() - take.createdAt.getTime() <= CALLER_TAKE_BACK_MS) return;
  const judged = await judgeCall(take, callerFacts(at));
  const reason = by === 'moderators' ? 'removed' : 'deleted';
  const score = { ...scoreOf(take, judged, 'poorly', reason, at), countedWell: 0, countedPoorly: 0, followerVotes: 0, followed: false };
  if (await insertOnce(() => CallerScore.create(score))) await recomputeStandings(take.createdBy, at);
}
