import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { AUTO_HIDE_REPORTERS, MODERATION_QUEUE_SIZE } from '@/lib/constants';
import { dbConnect } from '@/lib/db';
import { expireComments, removeComment } from '@/lib/data/comments';
import { bumpTake } from '@/lib/data/counters';
import { carryBlocksOnto } from '@/lib/data/block-carry';
import { markForCheck, movingCounters, settleNow } from '@/lib/data/counter-checks';
import { toPublicUser } from '@/lib/data/mappers';
import type { HideReason } from '@/lib/data/notifications';
import { countsTowardHiding, type Reporter } from '@/lib/data/reporter-standing';
import { usersById } from '@/lib/data/users';
import { badRequest, forbidden, isDuplicateKey, notFound } from '@/lib/errors';
import type { CommentDTO } from '@/lib/validation/comments';
import type { CommentQueueItem } from '@/lib/validation/moderation';
import {
  Comment,
  CommentReport,
  type CommentReportRow,
  type CommentRow,
  HiddenComment,
  type HiddenCommentRow,
  ModerationAction,
  Notification,
  Take,
  type TakeRow,
  UserAction,
} from '@/models';
import type { MODERATION_ACTIONS } from '@/models/moderation-action';

/**
 * Reports on comments and what moderators do about them, as for takes
 * (lib/data/moderation.ts): reports are facts, 5 distinct reporters in good
 * standing hide a comment until a moderator reviews it, and a hidden comment is moved whole,
 * with its replies, into `hiddencomments` (models/hidden-comment.ts).
 */

type Kind = (typeof MODERATION_ACTIONS)[number];

const EXCERPT = 80;
const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1).trimEnd()}…` : text);

async function record(comment: CommentRow, action: Kind, by: Types.ObjectId | null, reports: number) {
  // Only a standing comment (never a "[deleted]" placeholder) is reported or moderated, so it has its author.
  const author = comment.user as Types.ObjectId;
  await ModerationAction.create({ take: comment.postID, comment: comment._id, title: excerpt(comment.text), author, action, by, reports });
}

const openReports = (comment: Types.ObjectId) => CommentReport.countDocuments({ comment, closedAt: null });
/** The open reports that count toward hiding: those of reporters in good standing. */
const countingReports = (comment: Types.ObjectId) => CommentReport.countDocuments({ comment, closedAt: null, counts: true });

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
  for (const doc of [hidden.comment, ...hidden.replies]) {
    try {
      await Comment.collection.insertOne(doc);
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }
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
 * One report per user per comment; a repeat is accepted and changes nothing.
 * It reaches the queue at once; once AUTO_HIDE_REPORTERS distinct fans in good
 * standing (lib/data/reporter-standing.ts) have open reports on it, the comment
 * is hidden until a moderator reviews it (counted from the reports, so exact
 * whatever order they land in). A "[deleted]" placeholder has nothing to report.
 */
export async function reportComment(commentId: string, reporter: Reporter, reason: string, at: Date): Promise<void> {
  await dbConnect();
  const comment = await Comment.findById(commentId).lean<CommentRow>();
  if (!comment || comment.deletedAt) throw notFound('Comment not found.');
  const counts = await countsTowardHiding(reporter, at);
  try {
    await CommentReport.create({ comment: comment._id, take: comment.postID, user: reporter._id, reason, counts });
  } catch (error) {
    if (isDuplicateKey(error)) return;
    throw error;
  }
  if (!counts) return;
  const open = await countingReports(comment._id);
  if (open >= AUTO_HIDE_REPORTERS && (await hideComment(comment._id, 'reports', null))) await record(comment, 'auto-hide', null, open);
}

/**
 * DELETE /api/comments/{id}: its author deletes it, or a moderator does (then
 * its open reports close and the moderation log says who). Answers the
 * "[deleted]" placeholder left for its replies, or null when it is gone; a
 * second delete finds nothing to delete (404).
 */
export async function deleteCommentAs(
  commentId: string,
  requesterId: Types.ObjectId,
  { moderator = false }: { moderator?: boolean } = {},
): Promise<CommentDTO | null> {
  await dbConnect();
  const comment = await Comment.findById(commentId).lean<CommentRow>();
  if (!comment || comment.deletedAt) throw notFound('Comment not found.');
  const own = String(comment.user) === String(requesterId);
  if (!own && !moderator) throw forbidden('Only the author can delete this comment.');
  if (own) return removeComment(comment);
  const reports = await openReports(comment._id);
  const placeholder = await removeComment(comment);
  await record(comment, 'delete', requesterId, reports);
  return placeholder;
}

const DONE: Record<Exclude<Kind, 'auto-hide'>, string> = {
  dismiss: 'Reports dismissed.',
  hide: 'Comment hidden.',
  restore: 'Comment restored.',
  delete: 'Comment deleted.',
};

/**
 * A moderator's decision on a comment, as on a take: each closes its open
 * reports and is logged. Dismiss keeps it (one hidden only by its reports comes
 * back), Hide hides it until restored, Restore brings it back, Delete removes
 * it (a comment with replies stays as "[deleted]").
 */
export async function moderateComment(
  commentId: string,
  action: Exclude<Kind, 'auto-hide'>,
  admin: Types.ObjectId,
): Promise<{ message: string }> {
  await dbConnect();
  const id = new mongoose.Types.ObjectId(commentId);
  const visible = await Comment.findOne({ _id: id, deletedAt: null }).lean<CommentRow>();
  const hidden = visible ? null : await HiddenComment.findById(id).lean<HiddenCommentRow>();
  const subject = visible ?? hidden?.comment;
  if (!subject) throw notFound('Comment not found.');
  if (action === 'restore' && !hidden) throw badRequest('This comment is not hidden.');

  let closed: number;
  if (action === 'delete') {
    closed = await openReports(id);
    if (hidden) await purgeHidden(hidden);
    else await removeComment(subject);
  } else {
    closed = (await CommentReport.updateMany({ comment: id, closedAt: null }, { $set: { closedAt: new Date(), closedBy: admin } }))
      .modifiedCount;
    if (action === 'hide') await hideComment(id, 'moderators', admin);
    else if (action === 'restore' || (action === 'dismiss' && hidden?.reason === 'reports')) await restoreComment(id);
  }
  await record(subject, action, admin, closed);
  return { message: DONE[action] };
}

/** Deletes for good the comments of a fan that moderation hid (their account is being deleted). */
export async function deleteHiddenCommentsOf(user: Types.ObjectId): Promise<void> {
  for (const hidden of await HiddenComment.find({ createdBy: user }).lean<HiddenCommentRow[]>()) await purgeHidden(hidden);
}

/** A take's hidden comments and their replies: deleting the take takes them and their facts with it. */
export async function hiddenCommentIdsOf(takeId: Types.ObjectId): Promise<Types.ObjectId[]> {
  const rows = await HiddenComment.find({ take: takeId })
    .select({ _id: 1, 'replies._id': 1 })
    .lean<(Pick<HiddenCommentRow, '_id'> & { replies?: Pick<CommentRow, '_id'>[] })[]>();
  return rows.flatMap((h) => [h._id, ...(h.replies ?? []).map((r) => r._id)]);
}

const SCAN_BATCH = 200;

/** The comments whose oldest open report is oldest, up to `limit`, read in batches of open reports oldest first. */
async function oldestReportedComments(limit: number): Promise<Types.ObjectId[]> {
  const seen = new Map<string, Types.ObjectId>();
  let after: CommentReportRow | undefined;
  for (;;) {
    const batch = await CommentReport.find({
      closedAt: null,
      ...(after
        ? {
            $or: [
              { createdAt: mongoose.trusted({ $gt: after.createdAt }) },
              { createdAt: after.createdAt, _id: mongoose.trusted({ $gt: after._id }) },
            ],
          }
        : {}),
    })
      .sort({ createdAt: 1, _id: 1 })
      .limit(SCAN_BATCH)
      .select({ comment: 1, createdAt: 1 })
      .lean<CommentReportRow[]>();
    for (const report of batch) {
      if (seen.size < limit) seen.set(String(report.comment), report.comment);
    }
    if (seen.size >= limit || batch.length < SCAN_BATCH) return [...seen.values()];
    after = batch[batch.length - 1];
  }
}

/**
 * Reported comments grouped with their open reports, oldest open report first,
 * hidden ones included, and how many comments have open reports in all.
 */
export async function commentQueue(): Promise<{ items: CommentQueueItem[]; openComments: number }> {
  await dbConnect();
  const [ids, openIds] = await Promise.all([
    oldestReportedComments(MODERATION_QUEUE_SIZE),
    CommentReport.distinct('comment', { closedAt: null }),
  ]);
  if (ids.length === 0) return { items: [], openComments: openIds.length };
  const [reports, visible, hidden] = await Promise.all([
    CommentReport.find({ comment: mongoose.trusted({ $in: ids }), closedAt: null })
      .sort({ createdAt: 1 })
      .lean<CommentReportRow[]>(),
    Comment.find({ _id: mongoose.trusted({ $in: ids }) }).lean<CommentRow[]>(),
    HiddenComment.find({ _id: mongoose.trusted({ $in: ids }) }).lean<HiddenCommentRow[]>(),
  ]);
  const comments = new Map([...visible, ...hidden.map((h) => h.comment)].map((c) => [String(c._id), c]));
  const hiddenById = new Map(hidden.map((h) => [String(h._id), h]));
  const takeIds = [...new Set([...comments.values()].map((c) => String(c.postID)))];
  const [takes, people] = await Promise.all([
    Take.find({ _id: mongoose.trusted({ $in: takeIds }) })
      .select({ title: 1 })
      .lean<Pick<TakeRow, '_id' | 'title'>[]>(),
    usersById([...reports.map((r) => r.user), ...[...comments.values()].map((c) => c.user)]),
  ]);
  const titles = new Map(takes.map((t) => [String(t._id), t.title]));
  const items = ids.flatMap((id): CommentQueueItem[] => {
    const comment = comments.get(String(id));
    const own = reports.filter((r) => String(r.comment) === String(id));
    // Gone meanwhile, or deleted to a placeholder: nothing left to act on.
    if (!comment || comment.deletedAt || own.length === 0) return [];
    const stash = hiddenById.get(String(id));
    const title = titles.get(String(comment.postID));
    return [
      {
        comment: {
          _id: String(comment._id),
          text: comment.text,
          createdAt: comment.createdAt.toISOString(),
          user: toPublicUser(people.get(String(comment.user))),
          reply: comment.parentComment !== null,
        },
        take: title === undefined ? null : { _id: String(comment.postID), title },
        hidden: stash ? { reason: stash.reason, hiddenAt: stash.hiddenAt.toISOString() } : null,
        reportCount: own.length,
        oldestReportAt: own[0]!.createdAt.toISOString(),
        reports: own.map((r) => ({
          _id: String(r._id),
          reason: r.reason,
          createdAt: r.createdAt.toISOString(),
          reporter: toPublicUser(people.get(String(r.user))),
        })),
      },
    ];
  });
  return { items, openComments: openIds.length };
}
