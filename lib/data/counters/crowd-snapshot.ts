import 'server-only';
import mongoose from 'mongoose';
import { CALLER_CROWD_AFTER_MS } from '@/lib/callers/constants';
import { Take, type TakeRow, UserAction, type UserActionRow } from '@/models';

/**
 * The crowd a Callers verdict is scored against (lib/callers/callers.ts): the likes and
 * dislikes a take drew in its first CALLER_CROWD_AFTER_MS, so likes that pile on
 * once a take looks right cannot make calling it look easy. Read from the
 * reaction facts when the call is scored, one by one, because who counts in it
 * is decided then (lib/data/callers/caller-votes.ts): a fact made within the
 * window and not changed since is the fan's reaction as the window closed (a
 * take's reaction only ever switches sides, and re-tapping it writes nothing:
 * lib/data/reactions/user-actions.ts); one switched after it is left out, its side
 * at the close being unknown. The author's own reaction is never the crowd's.
 */

export type CrowdReaction = { fan: string; side: 'like' | 'dislike'; at: number };

type StoredReaction = Pick<UserActionRow, 'user' | 'actionType' | 'createdAt' | 'updatedAt'>;

/**
 * The take's crowd, earliest reaction first. `closesAt`: when the crowd is taken; by default CALLER_CROWD_AFTER_MS
 * after posting (a receipt), a structured call's lock for its call (lib/data/callers/call-scoring.ts).
 */
export async function crowdReactions(
  take: Pick<TakeRow, '_id' | 'createdBy' | 'createdAt'>,
  closesAt: Date = new Date(take.createdAt.getTime() + CALLER_CROWD_AFTER_MS),
): Promise<CrowdReaction[]> {
  const closed = closesAt;
  // By the (target, actionType) index, once per call; the window is checked here, where a switched reaction is told apart.
  const facts = await UserAction.find({ target: take._id, actionType: mongoose.trusted({ $in: ['like', 'dislike'] }) })
    .select({ user: 1, actionType: 1, createdAt: 1, updatedAt: 1 })
    .lean<StoredReaction[]>();
  return facts
    .filter((f) => f.createdAt <= closed && f.updatedAt <= closed && !f.user.equals(take.createdBy))
    .map((f) => ({ fan: String(f.user), side: f.actionType as CrowdReaction['side'], at: f.createdAt.getTime() }))
    .sort((a, b) => a.at - b.at);
}

/**
 * The migration `take-crowd-snapshot-retired` (lib/data/maintenance/migrations.ts): takes once stored their likes and dislikes at 48 hours
 * (crowdLikes, crowdDislikes) under an index of their own, written on the reaction path; the crowd is now read from
 * the facts above, so the fields go, and the index, which every write of a take still paid for. Safe to run again: a
 * missing index is what it wants.
 */
export async function retireStoredSnapshots(): Promise<void> {
  await Take.collection.dropIndex('crowdLikes_1_createdAt_-1').catch((error: { code?: number }) => {
    // 27: no such index; 26: no takes collection at all.
    if (error.code !== 27 && error.code !== 26) throw error;
  });
  // Every take: the fields had no index but the one just dropped, and a take without them is left as it is.
  await Take.collection.updateMany({}, { $unset: { crowdLikes: '', crowdDislikes: '' } });
}
