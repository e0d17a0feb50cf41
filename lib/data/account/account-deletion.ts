import 'server-only';
import { dbConnect } from '@/lib/db';
import { deleteUserActionsOf } from '@/lib/data/reactions/user-actions';
import { forgetViewer } from '@/lib/data/shared/viewer-cache';
import { releaseAvatar } from '@/lib/data/people/avatars';
import { deleteHiddenCommentsOf } from '@/lib/data/moderation/moderated-comments';
import { removeComment } from '@/lib/data/comments/comments';
import { expireLists, LIST_TAGS } from '@/lib/data/shared/list-cache';
import { removeCallerFacts } from '@/lib/data/callers/caller-standings';
import { removeCallsOf } from '@/lib/data/calls/call-records';
import { deleteReceiptVotesOf } from '@/lib/data/receipts/receipts';
import { deleteHiddenTake, purgeTakeFacts } from '@/lib/data/takes/take-removal';
import { deleteTake } from '@/lib/data/takes/takes';
import { endFollow } from '@/lib/data/people/users';
import { isNotFound } from '@/lib/errors';
import {
  Block,
  EntityFollow,
  Comment,
  CommentReport,
  type CommentRow,
  Follow,
  type FollowRow,
  HiddenTake,
  type HiddenTakeRow,
  ModerationAction,
  Moderator,
  MuteRule,
  Notification,
  Report,
  Save,
  SpoilerShield,
  Take,
  type TakeRow,
  User,
  type UserRow,
} from '@/models';

/**
 * Deleting an account: the profile, its takes (with their comments,
 * reactions and votes), its comments, reactions, favorites, shares, follows
 * both ways, notifications, receipt votes, reports, blocks and mutes, and its
 * picture; every count it fed on other people's content moves back exactly.
 * (The Firebase account goes after, in the route: it is what lets a retry in.)
 *
 * There are no transactions, so it is built to be resumed. It first marks the
 * user (deletingAt): from then on their profile is a 404, their takes leave
 * every list and their comments read "[deleted]" (lib/data/shared/mappers.ts
 * isLeaving), and they can no longer act, so nothing half-deleted shows.
 * Then each kind of fact is removed one by one through the same conditional
 * writes as an ordinary delete or unfollow (the fact first, its counter only
 * if this call removed it), so a run interrupted anywhere (the database gone
 * midway) and asked again finishes the work without moving anything twice.
 * The user document goes last, which frees the username.
 */

const BATCH = 100;
const DELETED_ACCOUNT = '[deleted account]';

/** Runs `step` on batches of what `next` finds until it finds nothing; a thing already gone meanwhile is skipped. */
async function drain<T>(next: () => Promise<T[]>, step: (item: T) => Promise<unknown>): Promise<void> {
  for (;;) {
    const batch = await next();
    for (const item of batch) {
      try {
        await step(item);
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    }
    if (batch.length < BATCH) return;
  }
}

type Leaving = Pick<UserRow, '_id' | 'firebaseUID' | 'profilePictureUrl' | 'deletingAt'>;

export async function deleteAccount(user: Leaving): Promise<void> {
  await dbConnect();
  const id = user._id;
  if (!user.deletingAt) {
    await User.updateOne({ _id: id }, { $set: { deletingAt: new Date() } });
    // A leaving fan can no longer act: this instance looks them up again to find that out (lib/data/shared/viewer-cache.ts).
    forgetViewer(user.firebaseUID);
    // Cached lists carry their takes' authors as they were: they must learn this one is leaving; and a leaving
    // moderator moderates no more.
    await expireLists(LIST_TAGS.takes, LIST_TAGS.moderators);
  }

  // Each take's facts go before the take itself (its own delete would go first), so a run cut short between
  // the two leaves the take to be found and finished by the next run, never its facts orphaned; the take is
  // out of sight already (isLeaving).
  await drain(
    () => Take.find({ createdBy: id }).select({ _id: 1 }).limit(BATCH).lean<Pick<TakeRow, '_id'>[]>(),
    async (take) => {
      await purgeTakeFacts(take._id);
      await deleteTake(String(take._id), id, { leaving: true });
    },
  );
  await drain(
    () => HiddenTake.find({ createdBy: id }).select({ _id: 1 }).limit(BATCH).lean<Pick<HiddenTakeRow, '_id'>[]>(),
    (take) => deleteHiddenTake(String(take._id), id, { leaving: true }),
  );
  // A comment with replies stays as "[deleted]" with no author, so it leaves this query either way.
  await drain(() => Comment.find({ user: id }).limit(BATCH).lean<CommentRow[]>(), removeComment);
  await deleteHiddenCommentsOf(id);
  await deleteUserActionsOf(id);
  await deleteReceiptVotesOf(id);
  await removeCallerFacts(id);
  await removeCallsOf(id);
  await drain(
    () => Follow.find({ follower: id }).select({ followee: 1 }).limit(BATCH).lean<Pick<FollowRow, 'followee'>[]>(),
    (follow) => endFollow(id, follow.followee),
  );
  await drain(
    () => Follow.find({ followee: id }).select({ follower: 1 }).limit(BATCH).lean<Pick<FollowRow, 'follower'>[]>(),
    (follow) => endFollow(follow.follower, id),
  );
  await Promise.all([
    Notification.deleteMany({ recipient: id }),
    Notification.deleteMany({ actor: id }),
    Report.deleteMany({ user: id }),
    CommentReport.deleteMany({ user: id }),
    Block.deleteMany({ user: id }),
    Block.deleteMany({ target: id }),
    MuteRule.deleteMany({ user: id }),
    SpoilerShield.deleteMany({ user: id }),
    EntityFollow.deleteMany({ user: id }),
    Save.deleteMany({ user: id }),
    // A moderator's role, and its history, go with the account.
    Moderator.deleteOne({ user: id }),
    // The moderation log keeps what was decided and when, but no longer what they wrote.
    ModerationAction.updateMany({ author: id }, { $set: { title: DELETED_ACCOUNT } }),
  ]);
  await releaseAvatar(user.profilePictureUrl, id);
  await User.deleteOne({ _id: id });
}
