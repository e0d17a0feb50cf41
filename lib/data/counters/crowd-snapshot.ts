import 'server-only';
import mongoose from 'mongoose';
import { CALLER_CROWD_AFTER_MS, RECEIPTS_CATCH_UP_MS } from '@/lib/constants';
import type { TakeCounts } from '@/lib/data/counters/known-takes';
import { Take, type TakeRow } from '@/models';

/**
 * Records, once, a take's likes and dislikes as they stood CALLER_CROWD_AFTER_MS
 * after it was posted: the crowd a Callers verdict is scored against
 * (lib/callers.ts), so likes that pile on once a take looks right cannot make
 * calling it look easy. Nothing runs at the stroke of 48 hours, so the first
 * writer to meet the take past it records the counts as they stood before its
 * own move: the first like or dislike after that time (recordCrowdOnMove, from
 * the counts its update answered), or the scheduled job (recordCrowdSnapshots)
 * for a take nobody reacted to since. Each write is conditional on no snapshot
 * yet, so racing writers cannot both record; two reactions landing in the same
 * instant past the time may leave one of them in the snapshot.
 *
 * Every take gets one, not only those with a check-back date: the job's read is
 * then exactly the takes past 48 hours still without one (an index range that
 * each run empties), and the write is one per take for its whole life.
 */

type Counts = Pick<TakeRow, '_id' | 'likes' | 'dislikes'>;

const pastSnapshotTime = (createdAt: Date, at: Date) => at.getTime() - createdAt.getTime() >= CALLER_CROWD_AFTER_MS;

/** The reaction path's part: `take` as a like or dislike (`inc`) left it; records the counts before that move. */
export async function recordCrowdOnMove(
  take: Pick<TakeRow, '_id' | 'likes' | 'dislikes' | 'createdAt' | 'crowdLikes'>,
  inc: Partial<TakeCounts>,
  at: Date,
): Promise<void> {
  if (take.crowdLikes != null || (!inc.likes && !inc.dislikes) || !pastSnapshotTime(take.createdAt, at)) return;
  await Take.updateOne(
    { _id: take._id, crowdLikes: null },
    { $set: { crowdLikes: Math.max(0, take.likes - (inc.likes ?? 0)), crowdDislikes: Math.max(0, take.dislikes - (inc.dislikes ?? 0)) } },
    { timestamps: false },
  );
}

const SNAPSHOT_BATCH = 1000;

/**
 * The scheduled job's part: takes that passed 48 hours within the catch-up window without a snapshot, a batch at a
 * time until the range is empty (or a batch records nothing: its takes' counts moved meanwhile, for the next run).
 * Returns how many it recorded.
 */
export async function recordCrowdSnapshots(at: Date): Promise<number> {
  const passed = at.getTime() - CALLER_CROWD_AFTER_MS;
  let recorded = 0;
  for (;;) {
    const takes = await Take.find({
      crowdLikes: null,
      createdAt: mongoose.trusted({ $gte: new Date(passed - RECEIPTS_CATCH_UP_MS), $lte: new Date(passed) }),
    })
      .sort({ createdAt: -1 })
      .limit(SNAPSHOT_BATCH)
      .select({ likes: 1, dislikes: 1 })
      .lean<Counts[]>();
    const written = await Promise.all(
      takes.map((take) =>
        Take.updateOne(
          { _id: take._id, crowdLikes: null, likes: take.likes, dislikes: take.dislikes },
          { $set: { crowdLikes: take.likes, crowdDislikes: take.dislikes } },
          { timestamps: false },
        ),
      ),
    );
    const batch = written.filter((w) => w.modifiedCount === 1).length;
    recorded += batch;
    if (takes.length < SNAPSHOT_BATCH || batch === 0) return recorded;
  }
}
