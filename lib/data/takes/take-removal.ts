import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { now } from '@/lib/clock';
import { scoreDeletedReceipt } from '@/lib/data/callers/caller-scoring';
import { settleDeletedCall } from '@/lib/data/callers/call-scoring';
import { expireLists, LIST_TAGS } from '@/lib/data/shared/list-cache';
import { removeNotificationsOf } from '@/lib/data/notifications/notifications';
import { notFound } from '@/lib/errors';
import {
  Comment,
  CommentReport,
  type CommentRow,
  HiddenComment,
  type HiddenCommentRow,
  HiddenTake,
  type HiddenTakeRow,
  ReceiptVote,
  Report,
  Save,
  UserAction,
} from '@/models';

/** Who a delete is, for its receipt's score: a moderator deleting someone else's take removes it; anyone else deletes their own. */
export const removedBy = (author: Types.ObjectId, viewer: Types.ObjectId, moderator: boolean): 'author' | 'moderators' =>
  moderator && String(author) !== String(viewer) ? 'moderators' : 'author';

/** A take's hidden comments and their replies: deleting the take takes them and their facts with it. */
async function hiddenCommentIdsOf(takeId: Types.ObjectId): Promise<Types.ObjectId[]> {
  const rows = await HiddenComment.find({ take: takeId })
    .select({ _id: 1, 'replies._id': 1 })
    .lean<(Pick<HiddenCommentRow, '_id'> & { replies?: Pick<CommentRow, '_id'>[] })[]>();
  return rows.flatMap((h) => [h._id, ...(h.replies ?? []).map((r) => r._id)]);
}

/**
 * Everything that exists because of a take: its comments (hidden ones too), the
 * reactions on it and on them, its and their reports and receipt votes (so it leaves the author's
 * receipts record), the fans' saves of it, and the notifications that point at it or its comments.
 * Shared by an author's delete, a moderator's, and the delete of a hidden take.
 */
export async function purgeTakeFacts(takeId: Types.ObjectId): Promise<void> {
  const commentIds = [
    ...(await Comment.find({ postID: takeId }).select({ _id: 1 }).lean()).map((c) => c._id),
    ...(await hiddenCommentIdsOf(takeId)),
  ];
  await Promise.all([
    Comment.deleteMany({ postID: takeId }),
    HiddenComment.deleteMany({ take: takeId }),
    CommentReport.deleteMany({ take: takeId }),
    UserAction.deleteMany({ target: takeId }),
    commentIds.length ? UserAction.deleteMany({ target: mongoose.trusted({ $in: commentIds }) }) : null,
    Report.deleteMany({ take: takeId }),
    ReceiptVote.deleteMany({ take: takeId }),
    Save.deleteMany({ take: takeId }),
    removeNotificationsOf(takeId),
  ]);
  await expireLists(LIST_TAGS.comments(takeId), ...commentIds.map(LIST_TAGS.comments));
}

/**
 * Deletes a take moderation has hidden: by its author, or by a moderator.
 * Its author's post count and its entity's stats already let go of it when
 * it was hidden, so only the take and its facts go. Returns what it was, for
 * the moderation log.
 */
export async function deleteHiddenTake(
  takeId: string,
  viewerId: Types.ObjectId,
  { moderator = false, leaving = false }: { moderator?: boolean; leaving?: boolean } = {},
): Promise<{ _id: Types.ObjectId; title: string; createdBy: Types.ObjectId }> {
  const hidden = await HiddenTake.findById(takeId).lean<Pick<HiddenTakeRow, '_id' | 'createdBy' | 'take'>>();
  if (!hidden) throw notFound('Take not found.');
  if (!moderator && String(hidden.createdBy) !== String(viewerId)) throw notFound('Take not found.');
  // Scored as aged poorly past its first 15 minutes, as a visible take's delete is (lib/data/takes/takes.ts deleteTake).
  if (!leaving) {
    const take = { ...hidden.take, _id: hidden._id, createdBy: hidden.createdBy };
    const at = await now();
    const by = removedBy(hidden.createdBy, viewerId, moderator);
    await scoreDeletedReceipt(take, at, by);
    if (take.call) await settleDeletedCall(take, at, by);
  }
  const removed = await HiddenTake.deleteOne({ _id: hidden._id });
  if (removed.deletedCount !== 1) throw notFound('Take not found.');
  await purgeTakeFacts(hidden._id);
  return { _id: hidden._id, title: hidden.take.title, createdBy: hidden.createdBy };
}
