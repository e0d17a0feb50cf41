import 'server-only';
import type { Types } from 'mongoose';
import { expireLists, listsOf } from '@/lib/data/list-cache';
import { hotScore, popularity, spice, wilsonLowerBound } from '@/lib/ranking';
import { EntityStat, Take } from '@/models';

export type TakeCounter = 'likes' | 'dislikes' | 'shares' | 'favorites' | 'commentsCount';
export type TakeCounts = Record<TakeCounter, number>;
/** The fan-base split's counters move in the same $inc as likes and dislikes; nothing is derived from them. */
export type FanCounts = { fanLikes: number; fanDislikes: number };

type CountedTake = TakeCounts & { _id: Types.ObjectId; createdAt: Date; entityKey: string; createdBy: Types.ObjectId };

/** How each take counter feeds the all-time entity stats. */
const STAT_FIELD: Partial<Record<TakeCounter, 'likes' | 'comments' | 'shares'>> = {
  likes: 'likes',
  commentsCount: 'comments',
  shares: 'shares',
};

/**
 * Moves a take's counters with $inc, then stores the ranking keys that follow
 * from them (derivedScores). The second write is conditional on the counts it was
 * computed from, so when two reactions race, the one that saw the final counts
 * is the one whose score sticks: no read-modify-write, no stale score.
 */
export async function bumpTake(takeId: Types.ObjectId | string, inc: Partial<TakeCounts & FanCounts>): Promise<CountedTake | null> {
  const take = await Take.findOneAndUpdate({ _id: takeId }, { $inc: inc }, { returnDocument: 'after' }).lean<CountedTake>();
  if (!take) return null;
  // Its counts (and so its rank) changed: every cached list showing it is out of date.
  expireLists(...listsOf(take));
  const { likes, dislikes, shares, favorites, commentsCount } = take;
  await Take.updateOne(
    { _id: take._id, likes, dislikes, shares, favorites, commentsCount },
    { $set: derivedScores(take) },
  );
  const statInc: Record<string, number> = {};
  for (const [field, by] of Object.entries(inc) as [TakeCounter | keyof FanCounts, number][]) {
    const stat = STAT_FIELD[field as TakeCounter];
    if (stat && by !== 0) statInc[stat] = by;
  }
  if (Object.keys(statInc).length > 0) await EntityStat.updateOne({ _id: take.entityKey }, { $inc: statInc });
  return take;
}

/** Every ranking key that follows from a take's counts: the feed sorts read these, never compute them. */
export function derivedScores(take: TakeCounts & { createdAt: Date }) {
  return {
    score: hotScore(take, take.createdAt),
    popularity: popularity(take),
    wilson: wilsonLowerBound(take.likes, take.dislikes),
    spice: spice(take.likes, take.dislikes),
  };
}
