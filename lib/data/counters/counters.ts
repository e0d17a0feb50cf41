import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { openTo } from '@/lib/data/visibility/block-carry';
import { forgetTake, knownTake, rememberTake, type TakeCounter, type TakeCounts } from '@/lib/data/counters/known-takes';
import { hotScore, popularity, spice, topicScore, wilsonLowerBound } from '@/lib/discovery/ranking';
import { EntityStat, Take, type TakeRow } from '@/models';

export type { TakeCounter, TakeCounts };
/** The fan-base split's counters move in the same $inc as likes and dislikes; nothing is derived from them. */
export type FanCounts = { fanLikes: number; fanDislikes: number };
/** A reaction's move of the split, which applies only when it was made as a fan of the take's team. */
export type FanMove = { team: number | null; inc: Partial<FanCounts> };

const COUNTERS: TakeCounter[] = ['likes', 'dislikes', 'shares', 'favorites', 'commentsCount'];

/** How each take counter feeds the all-time entity stats. */
const STAT_FIELD: Partial<Record<TakeCounter, 'likes' | 'comments' | 'shares'>> = {
  likes: 'likes',
  commentsCount: 'comments',
  shares: 'shares',
};

const countsOf = (take: TakeCounts): TakeCounts => Object.fromEntries(COUNTERS.map((f) => [f, take[f]])) as TakeCounts;
const plus = (take: TakeCounts, inc: Partial<TakeCounts>): TakeCounts =>
  Object.fromEntries(COUNTERS.map((f) => [f, take[f] + (inc[f] ?? 0)])) as TakeCounts;
const sameScoreInputs = (a: TakeCounts & { createdAt: Date }, b: TakeCounts & { createdAt: Date }) =>
  COUNTERS.every((f) => a[f] === b[f]) && a.createdAt.getTime() === b.createdAt.getTime();
const fanIncFor = (fan: FanMove | undefined, fanTeam: number | null | undefined): Partial<FanCounts> =>
  fan && fan.team != null && fanTeam === fan.team ? fan.inc : {};

/**
 * Moves a take's counters with $inc and stores the ranking keys that follow
 * from them (derivedScores), without reading the take first and without a
 * read-modify-write:
 * - When this process knows the take's counts (lib/data/counters/known-takes.ts), the
 *   keys for the counts it expects are $set in the same command as the $inc,
 *   and so is the fan-base split (it knows the take's team). The answer shows
 *   the counts the command produced: if they are the expected ones, the keys
 *   stored with them are theirs, and that is the whole write.
 * - Otherwise (a guess that missed because another request or instance moved
 *   the counts, or a take this process has not seen) a second write stores the
 *   keys for the counts the answer shows, conditional on the take still having
 *   them. When reactions race, the one whose counts are the final ones is the
 *   one whose keys stick: every write of the keys is either atomic with the
 *   counts it was computed for or conditional on them.
 * Then the entity's all-time stats move. With `by`, the fan whose action this
 * is: a take whose author a block stands between them and moves nothing and
 * answers null, as a missing take does.
 */
export async function bumpTake(
  takeId: Types.ObjectId | string,
  inc: Partial<TakeCounts>,
  fan?: FanMove,
  by?: Types.ObjectId,
): Promise<TakeRow | null> {
  const id = String(takeId);
  // A fan a block stands between with the author moves nothing: the take is not found for them.
  const filter = { _id: id, ...openTo(by) };
  const known = knownTake(id);
  let take: TakeRow | null;
  // The counts (and creation time) whose keys the stored take now holds, if this write stored any.
  let scored: (TakeCounts & { createdAt: Date }) | null = null;
  if (known) {
    scored = { ...plus(known, inc), createdAt: known.createdAt };
    take = await Take.findOneAndUpdate(
      filter,
      { $inc: { ...inc, ...fanIncFor(fan, known.fanTeam) }, $set: derivedScores(scored) },
      { returnDocument: 'after' },
    ).lean<TakeRow>();
  } else {
    take = await Take.findOneAndUpdate(filter, { $inc: inc }, { returnDocument: 'after' }).lean<TakeRow>();
    const fanInc = take ? fanIncFor(fan, take.fanTeam) : {};
    if (take && Object.keys(fanInc).length > 0) {
      scored = { ...countsOf(take), createdAt: take.createdAt };
      take = await Take.findOneAndUpdate(
        { _id: id },
        { $inc: fanInc, $set: derivedScores(scored) },
        { returnDocument: 'after' },
      ).lean<TakeRow>();
    }
  }
  if (!take) {
    forgetTake(id);
    return null;
  }
  if (!scored || !sameScoreInputs(scored, take)) {
    await Take.updateOne({ _id: take._id, ...countsOf(take) }, { $set: derivedScores(take) });
  }
  rememberTake(take);
  const statMove: StatMove = {};
  for (const [field, by] of Object.entries(inc) as [TakeCounter, number][]) {
    const stat = STAT_FIELD[field];
    if (stat && by !== 0) statMove[stat] = by;
  }
  if (Object.keys(statMove).length > 0) await moveEntityStats(take, entityStatInc(statMove));
  return take;
}

/** The entity stats a take's counts feed: every key it counts for (a game's and both its teams'), or its focus's. */
export function statKeysOf(take: Pick<TakeRow, 'entityKey'> & { entityKeys?: string[] | null }): string[] {
  return take.entityKeys?.length ? take.entityKeys : [take.entityKey];
}

/** Moves the stats of every entity a take counts for, in one command however many (a like stays 4 commands). */
export async function moveEntityStats(take: Pick<TakeRow, 'entityKey'> & { entityKeys?: string[] | null }, inc: StatMove): Promise<void> {
  const keys = statKeysOf(take);
  if (keys.length === 1) await EntityStat.updateOne({ _id: keys[0] }, { $inc: inc });
  else await EntityStat.updateMany({ _id: mongoose.trusted({ $in: keys }) }, { $inc: inc });
}

export type StatMove = Partial<Record<'takes' | 'likes' | 'comments' | 'shares', number>>;

/**
 * The $inc of an entity's all-time stats, with its trending score (topicScore)
 * moved in the same command: the score is linear in likes, comments and shares,
 * so the sum of its moves is the score of the summed counts, and all-time
 * trending reads the top few by the { entityType, score } index.
 */
export function entityStatInc(move: StatMove): StatMove & { score: number } {
  return { ...move, score: topicScore({ likes: move.likes ?? 0, comments: move.comments ?? 0, shares: move.shares ?? 0 }) };
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
