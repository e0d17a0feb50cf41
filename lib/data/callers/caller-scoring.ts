import 'server-only';
import mongoose from 'mongoose';
import { crowdOdds, scoredVerdict, seasonOf, verdictPoints, type ScoredVerdict } from '@/lib/callers';
import { CALLER_CROWD_AFTER_MS, RECEIPT_VERDICT_AFTER_MS, RECEIPTS_CATCH_UP_MS } from '@/lib/constants';
import { countedVotes, followersAmong, voterFacts, type ScoredTake, type VoterFacts } from '@/lib/data/callers/caller-votes';
import { recomputeStandings } from '@/lib/data/callers/caller-standings';
import { notifyScored, notifyTopCaller } from '@/lib/data/notifications/notifications';
import { insertOnce } from '@/lib/data/shared/insert-once';
import { utcDay } from '@/lib/receipts';
import { CallerScore, Take, type TakeRow } from '@/models';

/**
 * Scores receipts for Callers (lib/callers.ts). A receipt is scored once, when
 * its voting has closed (a week after its check-back date): the scheduled job
 * meets it (scoreClosedReceipts). The score is a fact, CallerScore, whose _id
 * is the take's: of two instances (or job runs) scoring the same receipt,
 * the unique _id lets one insert and the other stop; what follows the insert
 * (recomputing the author's standings, notifying) is idempotent, so a run cut
 * short after the insert is finished by repair-counts at worst.
 */

type Receipt = ScoredTake & Pick<TakeRow, 'title' | 'likes' | 'dislikes' | 'crowdLikes' | 'crowdDislikes' | 'dueLikes' | 'dueDislikes'>;

/** The crowd a verdict is scored against: the 48-hour snapshot, else the split on the check-back date, else the counts now. */
function crowdOf(take: Receipt) {
  const snapshot = take.crowdLikes != null && take.crowdDislikes != null;
  const due = take.dueLikes != null && take.dueDislikes != null;
  const likes = snapshot ? take.crowdLikes! : due ? take.dueLikes! : take.likes;
  const dislikes = snapshot ? take.crowdDislikes! : due ? take.dueDislikes! : take.dislikes;
  return { crowdLikes: likes, crowdDislikes: dislikes, crowd: crowdOdds(likes, dislikes) };
}

function scoreOf(take: Receipt, verdict: ScoredVerdict, reason: 'votes' | 'deleted', at: Date) {
  const crowd = crowdOf(take);
  const dueAt = take.checkBackAt!;
  return {
    _id: take._id,
    author: take.createdBy,
    title: take.title,
    dueAt,
    dueDay: utcDay(dueAt),
    season: seasonOf(dueAt),
    verdict,
    reason,
    ...crowd,
    points: verdictPoints(verdict, crowd.crowd),
    scoredAt: at,
  };
}

/** One receipt whose voting has closed: counts the votes that count, scores it, and brings its author's standings in step. */
export async function scoreReceipt(take: Receipt, at: Date, facts: VoterFacts = voterFacts()): Promise<boolean> {
  const counted = await countedVotes(take, facts);
  const verdict = scoredVerdict(counted.well, counted.poorly);
  const followerVotes = await followersAmong(take.createdBy, counted.voters);
  const score = {
    ...scoreOf(take, verdict, 'votes', at),
    countedWell: counted.well,
    countedPoorly: counted.poorly,
    followerVotes,
    followed: verdict !== 'close' && followerVotes * 2 > counted.voters.length,
  };
  // Scored already (another instance, an earlier run, a deletion): its author heard of it then.
  if (!(await insertOnce(() => CallerScore.create(score)))) return false;
  const top = await recomputeStandings(take.createdBy, at);
  await notifyScored(take.createdBy, take._id, verdict, score.points);
  for (const board of top) await notifyTopCaller(take.createdBy, board);
  return true;
}

const RECEIPT_FIELDS = {
  createdBy: 1,
  createdAt: 1,
  checkBackAt: 1,
  title: 1,
  likes: 1,
  dislikes: 1,
  crowdLikes: 1,
  crowdDislikes: 1,
  dueLikes: 1,
  dueDislikes: 1,
} as const;
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
  const facts = voterFacts();
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
 * A take with a check-back date deleted after its first 48 hours scores as
 * aged poorly, now, unless it was scored already: deleting the takes that are
 * going badly must not clean a record. Within 48 hours a fan may still take a
 * take back. Called before the take goes (lib/data/takes/takes.ts deleteTake).
 */
export async function scoreDeletedReceipt(take: Receipt, at: Date): Promise<void> {
  if (!take.checkBackAt || at.getTime() - take.createdAt.getTime() <= CALLER_CROWD_AFTER_MS) return;
  const score = { ...scoreOf(take, 'poorly', 'deleted', at), countedWell: 0, countedPoorly: 0, followerVotes: 0, followed: false };
  if (await insertOnce(() => CallerScore.create(score))) await recomputeStandings(take.createdBy, at);
}
