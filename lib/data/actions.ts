import 'server-only';
import type { Types } from 'mongoose';
import { dbConnect } from '@/lib/db';
import { bumpTake, type TakeCounts } from '@/lib/data/counters';
import { movingCounters } from '@/lib/data/heal';
import { notFound } from '@/lib/errors';
import type { ActionType, UserActionInput } from '@/lib/validation/actions';
import { Comment, Take, UserAction } from '@/models';

type Target = { type: 'take' | 'comment'; id: string };
type Counts = { likes: number; dislikes: number; shares: number };
type Slot = 'reaction' | 'favorite' | 'share';

const isDuplicate = (error: unknown) => (error as { code?: number }).code === 11000;

/** Inserts the fact; false when the user already has one in that slot. */
async function insertFact(user: Types.ObjectId, target: Target, slot: Slot, actionType: ActionType): Promise<boolean> {
  try {
    await UserAction.create({ user, targetType: target.type, target: target.id, slot, actionType });
    return true;
  } catch (error) {
    if (isDuplicate(error)) return false;
    throw error;
  }
}

/** Moves counters on the target; null when the target does not exist. */
async function bump(target: Target, inc: Partial<TakeCounts>): Promise<Counts | null> {
  if (target.type === 'take') {
    const take = await bumpTake(target.id, inc);
    return take && { likes: take.likes, dislikes: take.dislikes, shares: take.shares };
  }
  const comment = await Comment.findOneAndUpdate({ _id: target.id }, { $inc: inc }, { returnDocument: 'after' }).lean<{
    likes: number;
    dislikes: number;
  }>();
  return comment && { likes: comment.likes, dislikes: comment.dislikes, shares: 0 };
}

async function read(target: Target): Promise<Counts | null> {
  const doc =
    target.type === 'take'
      ? await Take.findById(target.id).select({ likes: 1, dislikes: 1, shares: 1 }).lean<Counts>()
      : await Comment.findById(target.id).select({ likes: 1, dislikes: 1 }).lean<Counts>();
  return doc && { likes: doc.likes, dislikes: doc.dislikes, shares: doc.shares ?? 0 };
}

/**
 * Like or dislike (spec §4): neutral → the reaction; the other reaction →
 * switch; the same reaction again → nothing on a take, cleared on a comment.
 * Every count change follows a fact that changed (insert, conditional update or
 * delete under the unique index), so concurrent requests stay exact.
 */
async function react(user: Types.ObjectId, target: Target, kind: 'like' | 'dislike'): Promise<Counts | null> {
  const other = kind === 'like' ? 'dislike' : 'like';
  const [mine, theirs] = kind === 'like' ? (['likes', 'dislikes'] as const) : (['dislikes', 'likes'] as const);
  if (await insertFact(user, target, 'reaction', kind)) return (await bump(target, { [mine]: 1 })) ?? undoFact(user, target, 'reaction');
  const switched = await UserAction.updateOne({ user, target: target.id, slot: 'reaction', actionType: other }, { $set: { actionType: kind } });
  if (switched.modifiedCount === 1) return bump(target, { [mine]: 1, [theirs]: -1 });
  if (target.type === 'comment') {
    const cleared = await UserAction.deleteOne({ user, target: target.id, slot: 'reaction', actionType: kind });
    if (cleared.deletedCount === 1) return bump(target, { [mine]: -1 });
  }
  return read(target);
}

/** A fact written for a target that turned out not to exist is taken back. */
async function undoFact(user: Types.ObjectId, target: Target, slot: Slot): Promise<null> {
  await UserAction.deleteOne({ user, target: target.id, slot });
  return null;
}

export async function applyUserAction(user: Types.ObjectId, input: UserActionInput): Promise<Counts> {
  await dbConnect();
  const target: Target = input.postID ? { type: 'take', id: input.postID } : { type: 'comment', id: input.commentID! };
  const counts = await movingCounters([{ kind: target.type, id: target.id }], () => applyTo(user, target, input.actionType));
  if (!counts) throw notFound(target.type === 'take' ? 'Take not found.' : 'Comment not found.');
  return counts;
}

async function applyTo(user: Types.ObjectId, target: Target, actionType: ActionType): Promise<Counts | null> {
  let counts: Counts | null;
  if (actionType === 'like' || actionType === 'dislike') {
    counts = await react(user, target, actionType);
  } else if (actionType === 'favorite') {
    // A flag: the first tap sets it, the next clears it.
    if (await insertFact(user, target, 'favorite', 'favorite')) counts = (await bump(target, { favorites: 1 })) ?? (await undoFact(user, target, 'favorite'));
    else {
      const cleared = await UserAction.deleteOne({ user, target: target.id, slot: 'favorite' });
      counts = cleared.deletedCount === 1 ? await bump(target, { favorites: -1 }) : await read(target);
    }
  } else {
    // A share counts once per user per take.
    counts = (await insertFact(user, target, 'share', 'share')) ? ((await bump(target, { shares: 1 })) ?? (await undoFact(user, target, 'share'))) : await read(target);
  }
  return counts;
}

export type ActionRecord = { actionType: ActionType; postID?: string; commentID?: string };

const ACTIONS_LIMIT = 5000;

/** The caller's reactions, favorites and shares, newest first. */
export async function listUserActions(user: Types.ObjectId): Promise<ActionRecord[]> {
  await dbConnect();
  const rows = await UserAction.find({ user })
    .sort({ updatedAt: -1 })
    .limit(ACTIONS_LIMIT)
    .select({ targetType: 1, target: 1, actionType: 1 })
    .lean<{ targetType: 'take' | 'comment'; target: Types.ObjectId; actionType: ActionType }[]>();
  return rows.map((r) =>
    r.targetType === 'take' ? { actionType: r.actionType, postID: String(r.target) } : { actionType: r.actionType, commentID: String(r.target) },
  );
}
