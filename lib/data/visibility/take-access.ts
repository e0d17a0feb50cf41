import 'server-only';
import type { Types } from 'mongoose';
import type { Identity } from '@/lib/auth';
import { isModerator } from '@/lib/data/shared/roles';
import { dbConnect } from '@/lib/db';
import { cachedList, LIST_TAGS, LIST_TTL, unstored } from '@/lib/data/shared/list-cache';
import { notFound } from '@/lib/errors';
import { Comment, type CommentRow, HiddenTake, type HiddenTakeRow, Take, type TakeRow, User } from '@/models';

/**
 * A take's author while the take stands: not deleted, and not waiting in `hiddentakes` for moderators. Through the
 * data cache under its own tag (expired when it is deleted, hidden or restored, not by its reactions), so a warm
 * check costs no command however fast the take gathers reactions; an id that names no standing take is read each time and never stored, so made-up ids add no entry.
 */
export async function standingTakeAuthor(takeId: string | Types.ObjectId): Promise<string | null> {
  await dbConnect();
  const id = String(takeId);
  const owner = await cachedList<{ createdBy: string } | null>(
    'thread-owner',
    [id],
    [LIST_TAGS.takeOwner(id)],
    LIST_TTL.lists,
    async () => {
      const found = await Take.findById(id).select({ createdBy: 1 }).lean<Pick<TakeRow, 'createdBy'>>();
      return found ? { createdBy: String(found.createdBy) } : unstored(null);
    },
  );
  return owner?.createdBy ?? null;
}

/**
 * Refuses a comment or reply whose take does not stand, with the 404 of a comment that is not there. A hidden
 * take's comments stay stored while moderators review it; to fans they are as gone as a deleted take's, so no
 * path (counts, reactions, reports, a delete) may answer for one otherwise (docs/product.md#moderation).
 */
export async function assertCommentStands(commentId: string): Promise<void> {
  await dbConnect();
  const comment = await Comment.findById(commentId).select({ postID: 1 }).lean<Pick<CommentRow, 'postID'>>();
  if (!comment || (await standingTakeAuthor(comment.postID)) === null) throw notFound('Comment not found.');
}

/**
 * Whether a reader may read a take's comments (postID names the take, or a
 * comment of it for its replies): exactly when they may read the take itself,
 * as GET /api/takes/{id} decides. A take moderation hid is there for its
 * author and the moderators only; one by a fan hidden from the reader (muted,
 * blocked, or blocking them) is not there for them. Answers false for an id
 * that names nothing, so a hidden take cannot be told from a deleted one.
 * No query for a visible take whose author is cached, the common case.
 */
export async function mayReadThread(threadId: string, viewer: Identity | null, hiddenAuthors: ReadonlySet<string>): Promise<boolean> {
  const author = await standingTakeAuthor(threadId);
  if (author) return !hiddenAuthors.has(author);
  // A comment's id (its replies), or a take that is not in `takes`.
  let takeId = threadId;
  const comment = await Comment.findById(threadId).select({ postID: 1 }).lean<Pick<CommentRow, '_id' | 'postID'>>();
  if (comment) {
    takeId = String(comment.postID);
    const owner = await standingTakeAuthor(takeId);
    if (owner) return !hiddenAuthors.has(owner);
  }
  const hidden = await HiddenTake.findById(takeId).select({ createdBy: 1 }).lean<Pick<HiddenTakeRow, '_id' | 'createdBy'>>();
  if (!hidden || !viewer || hiddenAuthors.has(String(hidden.createdBy))) return false;
  return (await isModerator(viewer)) || (await User.exists({ _id: hidden.createdBy, firebaseUID: viewer.uid })) !== null;
}
