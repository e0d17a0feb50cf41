import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { dbConnect } from '@/lib/db';
import { openTo } from '@/lib/data/visibility/block-carry';
import { assertNotBlocked } from '@/lib/data/visibility/block-facts';
import { assertCommentStands } from '@/lib/data/visibility/take-access';
import { bumpTake, type FanMove, type TakeCounts } from '@/lib/data/counters/counters';
import { markForCheck, movingCounters } from '@/lib/data/counters/counter-checks';
import { insertOnce } from '@/lib/data/shared/insert-once';
import { expireLists, LIST_TAGS } from '@/lib/data/shared/list-cache';
import { notifyLikeMilestone } from '@/lib/data/notifications/notifications';
import { isDuplicateKey, notFound } from '@/lib/errors';
import { wilsonLowerBound } from '@/lib/discovery/ranking';
import type { CachedViewer as Viewer } from '@/lib/data/shared/viewer-cache';
import type { ActionRecord, ActionType, UserActionInput } from '@/lib/validation/user-actions';
import { Comment, type CommentRow, Take, type TakeRow, UserAction, type UserActionRow } from '@/models';

type Target = { type: 'take' | 'comment'; id: string };
/** A target's counts after an action, with a take's author (who hears of its like milestones). */
type Counts = { likes: number; dislikes: number; shares: number; author?: Types.ObjectId };
type Slot = 'reaction' | 'favorite' | 'share';

/** Inserts the user action; false when the user already has one in that slot. */
const insertUserAction = (user: Types.ObjectId, target: Target, slot: Slot, actionType: ActionType) =>
  insertOnce(() => UserAction.create({ user, targetType: target.type, target: target.id, slot, actionType }));

/**
 * Sets the user's reaction on the target and returns the one it replaced
 * (null when there was none), in one command: the reaction is upserted on its
 * unique (user, target, slot) and the answer is the document as it was. The
 * team is written only when the reaction is new: a switched reaction keeps the team
 * it was made with, so a later change of team rewrites no old reaction. On a
 * take, the same reaction again writes nothing (the filter passes over a reaction
 * of that kind, whose key then refuses the insert), so a take reaction's
 * updatedAt is when its side last changed: the Callers crowd is read by it
 * (lib/data/counters/crowd-snapshot.ts). On a comment the same reaction clears
 * it, which writes anyway (undo).
 */
async function setReaction(
  user: Types.ObjectId,
  target: Target,
  kind: 'like' | 'dislike',
  team: number | null,
): Promise<Pick<UserActionRow, 'actionType' | 'team'> | null> {
  // Two attempts: the key may be held by a first reaction racing this one, which the second attempt finds and switches.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      return await UserAction.findOneAndUpdate(
        { user, target: target.id, slot: 'reaction', ...(target.type === 'take' ? { actionType: mongoose.trusted({ $ne: kind }) } : {}) },
        { $set: { actionType: kind }, $setOnInsert: { targetType: target.type, team } },
        { upsert: true, returnDocument: 'before' },
      ).lean<Pick<UserActionRow, 'actionType' | 'team'>>();
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }
  // Held both times (only a take's filter passes over a reaction), and not by the other reaction: the fan already has this one.
  return { actionType: kind, team: null };
}

/**
 * Moves counters on the target; null when the target does not exist, or when
 * `by` (the fan adding a reaction, favorite or share) may not act on it because
 * a block stands between them and its author: the target's own `blockedWith`
 * says so in the same command, so a block made through any instance holds here.
 */
async function bump(target: Target, inc: Partial<TakeCounts>, fan?: FanMove, by?: Types.ObjectId): Promise<Counts | null> {
  if (target.type === 'take') {
    const take = await bumpTake(target.id, inc, fan, by);
    return take && { likes: take.likes, dislikes: take.dislikes, shares: take.shares, author: take.createdBy };
  }
  // A deleted comment's "[deleted]" placeholder takes no reactions.
  const comment = await Comment.findOneAndUpdate(
    { _id: target.id, deletedAt: null, ...openTo(by) },
    { $inc: inc },
    { returnDocument: 'after' },
  ).lean<Pick<CommentRow, '_id' | 'likes' | 'dislikes'>>();
  if (!comment) return null;
  // Conditional on the counts it follows from, as a take's score is (lib/data/counters/counters.ts).
  const { likes, dislikes } = comment;
  await Comment.updateOne({ _id: comment._id, likes, dislikes }, { $set: { wilson: wilsonLowerBound(likes, dislikes) } });
  return { likes, dislikes, shares: 0 };
}

/** The target's counts as they are; null when it is gone, or refused to `by` as in bump. */
async function read(target: Target, by?: Types.ObjectId): Promise<Counts | null> {
  const filter = { _id: target.id, ...openTo(by) };
  if (target.type === 'take') {
    const take = await Take.findOne(filter)
      .select({ likes: 1, dislikes: 1, shares: 1 })
      .lean<Pick<TakeRow, 'likes' | 'dislikes' | 'shares'>>();
    return take && { likes: take.likes, dislikes: take.dislikes, shares: take.shares };
  }
  const comment = await Comment.findOne(filter).select({ likes: 1, dislikes: 1 }).lean<Pick<CommentRow, 'likes' | 'dislikes'>>();
  return comment && { likes: comment.likes, dislikes: comment.dislikes, shares: 0 };
}

/**
 * Like or dislike (docs/product.md#interactions): neutral → the reaction; the other reaction →
 * switch; the same reaction again → nothing on a take, cleared on a comment.
 * Every count change follows a user action that changed (an upsert that reports what
 * it replaced, or a delete under the unique index), so concurrent requests stay
 * exact. A take reaction counts for the fan-base split when the reaction's team is
 * the take's, which the take's own update decides (lib/data/counters/counters.ts).
 */
async function react(viewer: Viewer, target: Target, kind: 'like' | 'dislike'): Promise<Counts | null> {
  const user = viewer._id;
  const other = kind === 'like' ? 'dislike' : 'like';
  const [mine, theirs] = kind === 'like' ? (['likes', 'dislikes'] as const) : (['dislikes', 'likes'] as const);
  const [fanMine, fanTheirs] = kind === 'like' ? (['fanLikes', 'fanDislikes'] as const) : (['fanDislikes', 'fanLikes'] as const);
  const team = target.type === 'take' ? (viewer.favoriteTeam ?? null) : null;
  const before = await setReaction(user, target, kind, team);
  if (!before)
    return (await bump(target, { [mine]: 1 }, { team, inc: { [fanMine]: 1 } }, user)) ?? discardUserAction(user, target, 'reaction');
  if (before.actionType === other) {
    const switched = await bump(
      target,
      { [mine]: 1, [theirs]: -1 },
      { team: before.team ?? null, inc: { [fanMine]: 1, [fanTheirs]: -1 } },
      user,
    );
    // Refused (a block, or the target went): the reaction goes back to what it was.
    if (!switched)
      await UserAction.updateOne({ user, target: target.id, slot: 'reaction', actionType: kind }, { $set: { actionType: other } });
    return switched;
  }
  if (target.type === 'comment' && (await undo(user, target, 'reaction', kind))) return bump(target, { [mine]: -1 });
  return read(target, user);
}

/**
 * The fan undoes their own user action (models/user-action.ts), so the change is
 * left for the scheduled job to check; true when this call undid it, which
 * is what lets the count move exactly once when taps race.
 */
async function undo(user: Types.ObjectId, target: Target, slot: Slot, actionType?: ActionType): Promise<boolean> {
  const undone = await UserAction.updateOne(
    { user, target: target.id, slot, ...(actionType ? { actionType } : {}) },
    { $set: { slot: `removed:${new mongoose.Types.ObjectId().toHexString()}`, actionType: 'removed' } },
  );
  return undone.modifiedCount === 1;
}

/** A user action written for a target that turned out not to exist, or refused, is taken back: its count never moved. */
async function discardUserAction(user: Types.ObjectId, target: Target, slot: Slot): Promise<null> {
  await UserAction.deleteOne({ user, target: target.id, slot });
  return null;
}

/** Who wrote the take or comment, to tell a refusal by a block from a missing target; null when it does not exist. */
async function ownerOf(target: Target): Promise<Types.ObjectId | null> {
  const doc =
    target.type === 'take'
      ? await Take.findById(target.id).select({ createdBy: 1 }).lean<Pick<TakeRow, 'createdBy'>>()
      : await Comment.findById(target.id).select({ user: 1 }).lean<Pick<CommentRow, 'user'>>();
  return doc ? ('createdBy' in doc ? doc.createdBy : (doc.user ?? null)) : null;
}

export async function applyUserAction(viewer: Viewer, input: UserActionInput): Promise<Omit<Counts, 'author'>> {
  await dbConnect();
  const target: Target = input.postID ? { type: 'take', id: input.postID } : { type: 'comment', id: input.commentID! };
  // A take answers for itself (a hidden one is not in `takes`); a comment, for its take too.
  if (target.type === 'comment') await assertCommentStands(target.id);
  const counts = await movingCounters([{ kind: target.type, id: target.id }], () => applyTo(viewer, target, input.actionType));
  if (!counts) {
    // Nothing moved: a block stands between the fan and the author (said in words that tell which), or the target is gone.
    await assertNotBlocked(viewer._id, [await ownerOf(target)]);
    throw notFound(target.type === 'take' ? 'Take not found.' : 'Comment not found.');
  }
  // The take's live counts (lib/data/notifications/live.ts) follow at once; no list is expired, and it costs no database command.
  if (target.type === 'take') await expireLists(LIST_TAGS.take(target.id));
  if (target.type === 'take' && input.actionType === 'like') await notifyLikeMilestone(target.id, counts.likes, counts.author);
  // Counts as this write left them: one fan's racing taps can leave one below zero for a moment, never shown as such.
  return { likes: Math.max(0, counts.likes), dislikes: Math.max(0, counts.dislikes), shares: Math.max(0, counts.shares) };
}

async function applyTo(viewer: Viewer, target: Target, actionType: ActionType): Promise<Counts | null> {
  const user = viewer._id;
  let counts: Counts | null;
  if (actionType === 'like' || actionType === 'dislike') {
    counts = await react(viewer, target, actionType);
  } else if (actionType === 'favorite') {
    // A flag: the first tap sets it, the next clears it.
    if (await insertUserAction(user, target, 'favorite', 'favorite'))
      counts = (await bump(target, { favorites: 1 }, undefined, user)) ?? (await discardUserAction(user, target, 'favorite'));
    else counts = (await undo(user, target, 'favorite')) ? await bump(target, { favorites: -1 }) : await read(target);
  } else {
    // A share counts once per user per take.
    counts = (await insertUserAction(user, target, 'share', 'share'))
      ? ((await bump(target, { shares: 1 }, undefined, user)) ?? (await discardUserAction(user, target, 'share')))
      : await read(target, user);
  }
  return counts;
}

const ACTIONS_LIMIT = 5000;

/** The viewer's reactions, favorites and shares, newest first. */
export async function listUserActions(user: Types.ObjectId): Promise<ActionRecord[]> {
  await dbConnect();
  const rows = await UserAction.find({ user })
    .sort({ updatedAt: -1 })
    .limit(ACTIONS_LIMIT)
    .select({ targetType: 1, target: 1, actionType: 1 })
    .lean<Pick<UserActionRow, 'targetType' | 'target' | 'actionType'>[]>();
  // Undone user actions (models/user-action.ts) wait for the scheduled job's sweep; they are nobody's action.
  return rows.flatMap(({ actionType, targetType, target }) =>
    actionType === 'removed'
      ? []
      : [targetType === 'take' ? { actionType, postID: String(target) } : { actionType, commentID: String(target) }],
  );
}

const DELETE_BATCH = 200;

/**
 * Deletes every reaction, favorite and share a fan made (their account is
 * being deleted). Each user action is deleted first and its count moves only when
 * this call deleted it, so a retry after an interruption, or a second run
 * alongside, moves nothing twice; a target already gone moves nothing.
 */
export async function deleteUserActionsOf(user: Types.ObjectId): Promise<void> {
  for (;;) {
    const batch = await UserAction.find({ user }).limit(DELETE_BATCH).lean<UserActionRow[]>();
    await markForCheck(batch.map((action) => ({ kind: action.targetType, id: String(action.target) })));
    for (const action of batch) {
      if (!(await UserAction.deleteOne({ _id: action._id })).deletedCount) continue;
      const target: Target = { type: action.targetType, id: String(action.target) };
      const reaction = action.actionType === 'like' || action.actionType === 'dislike';
      const inc: Partial<TakeCounts> = {
        [reaction ? `${action.actionType}s` : action.actionType === 'favorite' ? 'favorites' : 'shares']: -1,
      };
      // The split moves only when the reaction's team is the take's, which the take's own update decides (lib/data/counters/counters.ts).
      const fan: FanMove | undefined =
        reaction && target.type === 'take'
          ? { team: action.team ?? null, inc: { [action.actionType === 'like' ? 'fanLikes' : 'fanDislikes']: -1 } }
          : undefined;
      await movingCounters([{ kind: target.type, id: target.id }], () => bump(target, inc, fan));
    }
    if (batch.length < DELETE_BATCH) return;
  }
}
