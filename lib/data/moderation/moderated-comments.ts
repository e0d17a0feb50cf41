import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { dbConnect } from '@/lib/db';
import { expireComments, removeComment } from '@/lib/data/comments/comments';
import { bumpTake } from '@/lib/data/counters/counters';
import { carryBlocksOnto } from '@/lib/data/visibility/block-carry';
import { standingTakeAuthor } from '@/lib/data/visibility/take-access';
import { markForCheck, movingCounters, settleNow } from '@/lib/data/counters/counter-checks';
import { directory } from '@/lib/data/shared/directory';
import { toPublicUser } from '@/lib/data/shared/mappers';
import {
  type Found,
  type HiddenNote,
  logAction,
  type Moderated,
  openReports,
  type ReportBook,
} from '@/lib/data/moderation/moderation-records';
import type { HideReason } from '@/lib/data/notifications/notifications';
import { usersById } from '@/lib/data/people/users';
import { insertOnce } from '@/lib/data/shared/insert-once';
import { forbidden, notFound } from '@/lib/errors';
import type { CommentDTO } from '@/lib/validation/comments';
import type { CommentQueueItem } from '@/lib/validation/moderation';
import {
  Comment,
  CommentReport,
  type CommentRow,
  HiddenComment,
  type HiddenCommentRow,
  Notification,
  Take,
  type TakeRow,
  UserAction,
} from '@/models';

/**
 * What moderation (lib/data/moderation/moderation.ts) does to a comment or reply. A
 * hidden comment is moved whole, with its replies, into `hiddencomments`
 * (models/hidden-comment.ts), so every read of comments misses it.
 */

const REPORTS: ReportBook = { model: CommentReport, field: 'comment' };

const EXCERPT = 80;
const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1).trimEnd()}…` : text);

// Only a standing comment (never a "[deleted]" placeholder) is reported or moderated, so it has its author.
const logged = (comment: CommentRow) => ({
  take: comment.postID,
  comment: comment._id,
  title: excerpt(comment.text),
  author: comment.user as Types.ObjectId,
});

/**
 * Moves a comment, with its replies, out of sight. The copy is written before
 * anything leaves `comments`, so an interruption leaves it in both (a retry
 * finishes the move), never in neither. The take's commentsCount lets go of
 * what left, and a reply's parent of the reply.
 */
async function hideComment(id: Types.ObjectId, reason: HideReason, by: Types.ObjectId | null): Promise<boolean> {
  const at = new Date();
  const comment = await Comment.collection.findOne<CommentRow>({ _id: id });
  if (!comment) {
    if (reason !== 'moderators') return false;
    const taken = await HiddenComment.updateOne({ _id: id, reason: 'reports' }, { $set: { reason, hiddenBy: by, hiddenAt: at } });
    return taken.modifiedCount === 1;
  }
  const replies = comment.parentComment ? [] : await Comment.collection.find<CommentRow>({ parentComment: id }).toArray();
  await HiddenComment.updateOne(
    { _id: id },
    { $set: { comment, replies, take: comment.postID, createdBy: comment.user, reason, hiddenBy: by, hiddenAt: at } },
    { upsert: true },
  );
  await markForCheck([
    { kind: 'take', id: String(comment.postID) },
    ...(comment.parentComment ? [{ kind: 'comment' as const, id: String(comment.parentComment) }] : []),
  ]);
  const removed = await Comment.deleteOne({ _id: id });
  if (removed.deletedCount !== 1) return false;
  const moved = replies.length ? (await Comment.deleteMany({ _id: mongoose.trusted({ $in: replies.map((r) => r._id) }) })).deletedCount : 0;
  const targets = [
    { kind: 'take' as const, id: String(comment.postID) },
    ...(comment.parentComment ? [{ kind: 'comment' as const, id: String(comment.parentComment) }] : []),
  ];
  await movingCounters(targets, () =>
    Promise.all([
      bumpTake(comment.postID, { commentsCount: -(1 + moved) }),
      comment.parentComment ? Comment.updateOne({ _id: comment.parentComment }, { $inc: { repliesCount: -1 } }) : null,
    ]),
  );
  await expireComments(comment);
  return true;
}

/**
 * Moves a hidden comment and its replies back, then recounts them, their take
 * and a reply's parent from their facts, so whatever raced the move comes out
 * exact. A second restore finds it already back and changes nothing.
 */
async function restoreComment(id: Types.ObjectId): Promise<void> {
  const hidden = await HiddenComment.findById(id).lean<HiddenCommentRow>();
  if (!hidden) return;
  for (const doc of [hidden.comment, ...hidden.replies]) await insertOnce(() => Comment.collection.insertOne(doc));
  await HiddenComment.deleteOne({ _id: id });
  // Blocks their authors made while they were hidden reach them too.
  for (const doc of [hidden.comment, ...hidden.replies]) if (doc.user) await carryBlocksOnto('comment', doc._id, doc.user);
  await expireComments(hidden.comment);
  await settleNow([
    { kind: 'take', id: String(hidden.take) },
    ...[hidden.comment, ...hidden.replies].map((c) => ({ kind: 'comment' as const, id: String(c._id) })),
    ...(hidden.comment.parentComment ? [{ kind: 'comment' as const, id: String(hidden.comment.parentComment) }] : []),
  ]);
}

/** Everything a hidden comment leaves behind once it is deleted for good: its and its replies' reactions, notifications and reports. */
async function purgeHidden(hidden: HiddenCommentRow): Promise<void> {
  const ids = [hidden._id, ...hidden.replies.map((r) => r._id)];
  await HiddenComment.deleteOne({ _id: hidden._id });
  await Promise.all([
    UserAction.deleteMany({ target: mongoose.trusted({ $in: ids }) }),
    Notification.deleteMany({ comment: mongoose.trusted({ $in: ids }) }),
    CommentReport.deleteMany({ comment: hidden._id }),
  ]);
}

/**
 * DELETE /api/comments/{id}: its author deletes it, or a moderator does (then
 * the moderation log says who, and how many reports were open). Its reports go
 * with it either way, as its reactions do. Answers the "[deleted]" placeholder
 * left for its replies, or null when it is gone; a second delete finds nothing
 * to delete (404).
 */
export async function deleteCommentAs(
  commentId: string,
  viewerId: Types.ObjectId,
  { moderator = false }: { moderator?: boolean } = {},
): Promise<CommentDTO | null> {
  await dbConnect();
  const comment = await Comment.findById(commentId).lean<CommentRow>();
  if (!comment || comment.deletedAt) throw notFound('Comment not found.');
  // Under a hidden take it is as gone as under a deleted one, to everyone but the moderators (lib/data/visibility/take-access.ts).
  if (!moderator && (await standingTakeAuthor(comment.postID)) === null) throw notFound('Comment not found.');
  const own = String(comment.user) === String(viewerId);
  if (!own && !moderator) throw forbidden('Only the author can delete this comment.');
  if (own) return removeComment(comment);
  const reports = await openReports(REPORTS, comment._id);
  const placeholder = await removeComment(comment);
  await logAction(logged(comment), 'delete', viewerId, reports);
  return placeholder;
}

/** Deletes for good the comments of a fan that moderation hid (their account is being deleted). */
export async function deleteHiddenCommentsOf(user: Types.ObjectId): Promise<void> {
  for (const hidden of await HiddenComment.find({ createdBy: user }).lean<HiddenCommentRow[]>()) await purgeHidden(hidden);
}

/** A comment, standing or hidden by moderation; a "[deleted]" placeholder is neither. */
async function findComment(id: Types.ObjectId): Promise<Found | null> {
  const visible = await Comment.findOne({ _id: id, deletedAt: null }).lean<CommentRow>();
  if (visible) return { id, hidden: null, logged: logged(visible), remove: async () => void (await removeComment(visible)) };
  const hidden = await HiddenComment.findById(id).lean<HiddenCommentRow>();
  if (!hidden) return null;
  return { id, hidden: hidden.reason, logged: logged(hidden.comment), remove: () => purgeHidden(hidden) };
}

type CommentEntry = Omit<CommentQueueItem, 'reportCount' | 'oldestReportAt' | 'reports'>;

/** The queue's view of reported comments: the comment, its take's title (null while the take is hidden), why it is hidden. */
async function commentEntries(ids: Types.ObjectId[]): Promise<Map<string, CommentEntry>> {
  const [visible, hidden] = await Promise.all([
    Comment.find({ _id: mongoose.trusted({ $in: ids }) }).lean<CommentRow[]>(),
    HiddenComment.find({ _id: mongoose.trusted({ $in: ids }) }).lean<HiddenCommentRow[]>(),
  ]);
  // Deleted to a placeholder meanwhile: nothing left to act on.
  const comments = [...visible, ...hidden.map((h) => h.comment)].filter((c) => !c.deletedAt);
  const hiddenById = new Map(
    hidden.map((h): [string, HiddenNote] => [String(h._id), { reason: h.reason, hiddenAt: h.hiddenAt.toISOString() }]),
  );
  const takeIds = [...new Set(comments.map((c) => String(c.postID)))];
  const [takes, people, { teamNicknames }] = await Promise.all([
    Take.find({ _id: mongoose.trusted({ $in: takeIds }) })
      .select({ title: 1 })
      .lean<Pick<TakeRow, '_id' | 'title'>[]>(),
    usersById(comments.map((c) => c.user)),
    directory(),
  ]);
  const titles = new Map(takes.map((t) => [String(t._id), t.title]));
  return new Map(
    comments.map((comment): [string, CommentEntry] => {
      const title = titles.get(String(comment.postID));
      return [
        String(comment._id),
        {
          comment: {
            _id: String(comment._id),
            text: comment.text,
            createdAt: comment.createdAt.toISOString(),
            user: toPublicUser(people.get(String(comment.user)), teamNicknames),
            reply: comment.parentComment !== null,
          },
          take: title === undefined ? null : { _id: String(comment.postID), title },
          hidden: hiddenById.get(String(comment._id)) ?? null,
        },
      ];
    }),
  );
}

export const moderatedComments: Moderated<Omit<CommentEntry, 'hidden'>> = {
  noun: 'Comment',
  reports: REPORTS,
  find: findComment,
  file: (found, reporter, reason, counts) =>
    CommentReport.create({ comment: found.id, take: found.logged.take, user: reporter, reason, counts }),
  hide: hideComment,
  restore: restoreComment,
  queueEntries: commentEntries,
};
