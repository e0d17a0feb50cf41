import 'server-only';
import type { Types } from 'mongoose';
import { hotScore, popularity } from '@/lib/ranking';
import { EntityStat, Take } from '@/models';

export type TakeCounter = 'likes' | 'dislikes' | 'shares' | 'favorites' | 'commentsCount';
export type TakeCounts = Record<TakeCounter, number>;

type CountedTake = TakeCounts & { _id: Types.ObjectId; createdAt: Date; entityKey: string };

/** How each take counter feeds the all-time entity stats. */
const STAT_FIELD: Partial<Record<TakeCounter, 'likes' | 'comments' | 'shares'>> = {
  likes: 'likes',
  commentsCount: 'comments',
  shares: 'shares',
};

/**
 * Moves a take's counters with $inc, then stores the score and popularity that
 * follow from them. The second write is conditional on the counts it was
 * computed from, so when two reactions race, the one that saw the final counts
 * is the one whose score sticks: no read-modify-write, no stale score.
 */
export async function bumpTake(takeId: Types.ObjectId | string, inc: Partial<TakeCounts>): Promise<CountedTake | null> {
  // No projection: FerretDB 1.24 does not implement one on findAndModify.
  const take = await Take.findOneAndUpdate({ _id: takeId }, { $inc: inc }, { returnDocument: 'after' }).lean<CountedTake>();
  if (!take) return null;
  const { likes, dislikes, shares, favorites, commentsCount } = take;
  await Take.updateOne(
    { _id: take._id, likes, dislikes, shares, favorites, commentsCount },
    { $set: { score: hotScore(take, take.createdAt), popularity: popularity(take) } },
  );
  const statInc: Record<string, number> = {};
  for (const [field, by] of Object.entries(inc) as [TakeCounter, number][]) {
    const stat = STAT_FIELD[field];
    if (stat && by !== 0) statInc[stat] = by;
  }
  if (Object.keys(statInc).length > 0) await EntityStat.updateOne({ _id: take.entityKey }, { $inc: statInc });
  return take;
}
