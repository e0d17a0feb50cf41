import 'server-only';
import type { Identity } from '@/lib/auth';
import { isModerator } from '@/lib/data/shared/roles';
import { dbConnect } from '@/lib/db';
import { cachedList, LIST_TAGS, LIST_TTL } from '@/lib/data/shared/list-cache';
import { Comment, type CommentRow, HiddenTake, type HiddenTakeRow, Take, type TakeRow, User } from '@/models';

/**
 * Whether a reader may read a take's comments (postID names the take, or a
 * comment of it for its replies): exactly when they may read the take itself,
 * as GET /api/takes/{id} decides. A take moderation hid is there for its
 * author and the moderators only; one by a fan hidden from the reader (muted,
 * blocked, or blocking them) is not there for them. Answers false for an id
 * that names nothing, so a hidden take cannot be told from a deleted one.
 * No query for a visible take whose author is cached, the common case.
 */
export async function mayReadThread(postID: string, viewer: Identity | null, hiddenAuthors: ReadonlySet<string>): Promise<boolean> {
  await dbConnect();
  let takeId = postID;
  // A take's author, through the data cache with its live counts (expired when it is deleted, hidden or restored), so
  // a page of its comments costs no extra command while warm; anything else is read as it is.
  const owner = await cachedList<{ createdBy: string | null }>(
    'thread-owner',
    [postID],
    [LIST_TAGS.take(postID)],
    LIST_TTL.lists,
    async () => {
      const found = await Take.findById(postID).select({ createdBy: 1 }).lean<Pick<TakeRow, 'createdBy'>>();
      return { createdBy: found ? String(found.createdBy) : null };
    },
  );
  if (owner.createdBy) return !hiddenAuthors.has(owner.createdBy);
  // A comment's id (its replies), or a take that is not in `takes`.
  let take: Pick<TakeRow, '_id' | 'createdBy'> | null = null;
  const comment = await Comment.findById(postID).select({ postID: 1 }).lean<Pick<CommentRow, '_id' | 'postID'>>();
  if (comment) {
    takeId = String(comment.postID);
    take = await Take.findById(takeId).select({ createdBy: 1 }).lean<Pick<TakeRow, '_id' | 'createdBy'>>();
  }
  if (take) return !hiddenAuthors.has(String(take.createdBy));
  const hidden = await HiddenTake.findById(takeId).select({ createdBy: 1 }).lean<Pick<HiddenTakeRow, '_id' | 'createdBy'>>();
  if (!hidden || !viewer || hiddenAuthors.has(String(hidden.createdBy))) return false;
  return (await isModerator(viewer)) || (await User.exists({ _id: hidden.createdBy, firebaseUID: viewer.uid })) !== null;
}
