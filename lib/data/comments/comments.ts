import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { COMMENTS_PAGE_SIZE } from '@/lib/constants';
import { FALLBACK_LABELS } from '@/lib/format/fallback-labels';
import { dbConnect } from '@/lib/db';
import { assertNotBlocked } from '@/lib/data/visibility/block-facts';
import { bumpTake } from '@/lib/data/counters/counters';
import { below } from '@/lib/data/shared/keyset';
import { cachedList, expireLists, LIST_TAGS, LIST_TTL, unstored } from '@/lib/data/shared/list-cache';
import { directory } from '@/lib/data/shared/directory';
import { isLeaving, toPublicUser } from '@/lib/data/shared/mappers';
import { carryBlocksOnto } from '@/lib/data/visibility/block-carry';
import { standingTakeAuthor } from '@/lib/data/visibility/take-access';
import { markForCheck, movingCounters } from '@/lib/data/counters/counter-checks';
import { notifyComment } from '@/lib/data/notifications/notifications';
import { usersById } from '@/lib/data/people/users';
import { badRequest, notFound } from '@/lib/errors';
import type { CommentSort } from '@/lib/discovery/sorts';
import type { CommentDTO, CreateCommentInput } from '@/lib/validation/comments';
import { encodeCursor, type Cursor } from '@/lib/validation/cursor';
import type { PublicUser } from '@/lib/validation/users';
import { Comment, CommentReport, type CommentRow, Notification, Take, type TakeRow, User, type UserRow, UserAction } from '@/models';

export const DELETED_TEXT = '[deleted]';
const DELETED_AUTHOR: PublicUser = { _id: '', username: DELETED_TEXT, profilePictureUrl: null, flair: null };

/** Maps comments with their authors and tagged users, loaded in one query. */
async function toCommentDTOs(comments: CommentRow[]): Promise<CommentDTO[]> {
  const [users, { teamNicknames }] = await Promise.all([usersById(comments.flatMap((c) => [c.user, c.taggedUser])), directory()]);
  return comments.map((c) => {
    const tagged = c.taggedUser ? users.get(String(c.taggedUser)) : undefined;
    // An author whose account is being deleted shows as deleted already (lib/data/account/account-deletion.ts).
    const deleted = Boolean(c.deletedAt) || isLeaving(users.get(String(c.user)));
    return {
      _id: String(c._id),
      text: deleted ? DELETED_TEXT : c.text,
      postID: String(c.postID),
      parentComment: c.parentComment ? String(c.parentComment) : null,
      taggedUser: tagged ? { _id: String(tagged._id), username: tagged.username } : null,
      user: deleted ? DELETED_AUTHOR : toPublicUser(users.get(String(c.user)), teamNicknames, FALLBACK_LABELS.commentAuthor),
      createdAt: c.createdAt.toISOString(),
      likes: c.likes,
      dislikes: c.dislikes,
      repliesCount: c.repliesCount,
      deleted,
    };
  });
}

/**
 * Which comments a page holds, in order, how many its list has, and the cursor of its last row when it is full:
 * what the data cache keeps of a page. Whether that row starts another page depends on where the reader is (`skip`),
 * so it is decided per request.
 */
type CommentPageIds = { ids: Types.ObjectId[]; totalComments: number; last: string | null };

type PageQuery = { skip: number; limit: number; sort: CommentSort; cursor?: Cursor };

/**
 * A page as listed: by skip, or after the cursor of the page before, which
 * the index seeks to directly, so a deep page costs what the first one does.
 * Rows come highest first, as the index walks them; the cursor is the last one.
 */
async function readCommentPage(id: Types.ObjectId, { skip, limit, sort, cursor }: PageQuery) {
  const best = sort === 'best' && (await Take.exists({ _id: id })) !== null;
  const list = best ? { postID: id, parentComment: null } : { $or: [{ postID: id, parentComment: null }, { parentComment: id }] };
  const field = best ? 'wilson' : 'createdAt';
  const [rows, totalComments, real] = await Promise.all([
    Comment.find(cursor ? { $and: [list, below(field, cursor, field === 'createdAt')] } : list)
      .sort({ [field]: -1, _id: -1 })
      .skip(cursor ? 0 : skip)
      .limit(limit)
      .lean<CommentRow[]>(),
    Comment.countDocuments(list),
    cursor ? commentAtCursor(list, field, cursor) : true,
  ]);
  if (!best && totalComments === 0 && !(await Take.exists({ _id: id })) && !(await Comment.exists({ _id: id }))) {
    throw notFound('Take or comment not found.');
  }
  const end = rows.length === limit ? rows[rows.length - 1] : undefined;
  const last = end ? encodeCursor(best ? end.wilson : end.createdAt.getTime(), String(end._id)) : null;
  // Replies read as a conversation: a page of them oldest first.
  if (rows.length > 0 && rows[0]!.parentComment !== null) rows.reverse();
  return { rows, totalComments, last, real };
}

/** Whether `cursor` names a comment of `list` with the sort key it carries: where a page of the list really ended. */
async function commentAtCursor(list: object, field: 'wilson' | 'createdAt', cursor: Cursor): Promise<boolean> {
  const row = await Comment.findOne({ $and: [{ _id: cursor.id }, list] })
    .select({ [field]: 1 })
    .lean<Pick<CommentRow, typeof field>>();
  const value = row?.[field];
  return value instanceof Date ? value.getTime() === cursor.value : value === cursor.value;
}

/** The comments of a cached page as stored now, in the page's order; one gone since is left out. */
async function commentsByIds(ids: Types.ObjectId[]): Promise<CommentRow[]> {
  if (ids.length === 0) return [];
  const rows = await Comment.find({ _id: mongoose.trusted({ $in: ids }) }).lean<CommentRow[]>();
  const byId = new Map(rows.map((row) => [String(row._id), row]));
  return ids.flatMap((commentId) => byId.get(String(commentId)) ?? []);
}

/**
 * One page of comments. postID is a take (its top-level comments, newest
 * first) or a comment (its replies, oldest first, as a conversation reads);
 * the id alone says which, so one filter serves both. Best orders a take's
 * comments by the Wilson bound of their likes (lib/discovery/ranking.ts); replies stay
 * a conversation.
 *
 * Which comments a page holds comes through the data cache, as a list of takes
 * does (lib/data/shared/list-cache.ts): a hot take's comments are read far more often
 * than written, and listing them is the one read that grows with every comment.
 * Each write that adds or removes a comment expires its lists (expireComments);
 * the comments themselves are read fresh by id, so counts, edits and deletes
 * show at once and a comment gone since is left out. Where the next page
 * starts is counted from the page as listed, so nothing shifts the paging:
 * as a position (nextSkip, as docs/product.md#api has it) and as a cursor (nextCursor) that
 * reaches a deep page without reading the ones before it.
 */
export async function listComments(threadId: string, { skip, limit, sort = 'new', cursor }: PageQuery) {
  await dbConnect();
  const id = new mongoose.Types.ObjectId(threadId);
  // A request that reads the page itself (the cache had none) already holds its comments as stored now.
  let fresh: CommentRow[] | null = null;
  const readPage = async (): Promise<CommentPageIds> => {
    const { rows, totalComments, last, real } = await readCommentPage(id, { skip, limit, sort, cursor });
    fresh = rows;
    // Kept: a thread's first page, or the page after a cursor the thread gave, at the site's own page size; a skip,
    // or a made-up cursor, is any number a client likes, and each would be an entry (docs/architecture.md#data-access).
    const kept = cursor ? real && limit === COMMENTS_PAGE_SIZE : skip === 0;
    const page = { ids: rows.map((row) => row._id), totalComments, last };
    return kept ? page : unstored(page);
  };
  // A page after a cursor is the same wherever the reader counts from (skip), so skip is no part of its key.
  const key = [threadId, sort, limit, cursor ?? skip];
  const page = await cachedList('comments', key, [LIST_TAGS.comments(threadId)], LIST_TTL.hot, readPage);
  const listed = fresh ?? (await commentsByIds(page.ids));
  const read = skip + page.ids.length;
  return {
    comments: await toCommentDTOs(listed),
    totalComments: page.totalComments,
    nextSkip: read < page.totalComments ? read : null,
    nextCursor: page.last && read < page.totalComments ? page.last : null,
  };
}

/**
 * Expires the comment lists a comment is on: its take's, and its thread's (a reply's parent, or its own replies);
 * and its take's live comment total.
 */
export async function expireComments(comment: { _id: unknown; postID: unknown; parentComment?: unknown }): Promise<void> {
  await expireLists(
    LIST_TAGS.comments(comment.postID),
    LIST_TAGS.comments(comment.parentComment ?? comment._id),
    LIST_TAGS.take(comment.postID),
  );
}

/** How many of a take's most-liked comments its cached order keeps, so fans who hide a few authors still find one. */
const TOP_CANDIDATES = 10;

/**
 * The most-liked top-level comment still standing, for the share image and its poster; null when there is none.
 * Comments by `hiddenAuthors`, and those `accept` turns down (the reader's own filters), are passed over. The
 * candidates come through the data cache with the take's comment lists (expired by every comment added there or
 * taken away: a delete, a moderator's hide, an account's deletion; its likes' order kept for a minute like theirs),
 * and are read again by id unless `asCached`: the share image, which draws a comment's text and author and no
 * count, draws them as cached (comments are never edited, and their author is read fresh), a database round trip
 * fewer before it renders. A viewer who hides every candidate's author gets one read of their own.
 *
 * `takeFound`, when given, is the take's own read running beside this one (the share image reads both at once): the
 * candidates are kept only once it says the take is there, so an id that names no take never adds an entry. Without
 * it, the caller has asked first (mayReadThread).
 */
export async function topComment(
  takeId: string,
  {
    hiddenAuthors = new Set(),
    accept = () => true,
    takeFound,
    asCached = false,
  }: {
    hiddenAuthors?: ReadonlySet<string>;
    accept?: (comment: CommentDTO) => boolean;
    takeFound?: Promise<boolean>;
    asCached?: boolean;
  } = {},
): Promise<CommentDTO | null> {
  await dbConnect();
  const id = new mongoose.Types.ObjectId(takeId);
  const standing = { postID: id, parentComment: null, deletedAt: null };
  const { candidates } = await cachedList<{ candidates: CommentRow[] }>(
    'top-comment-candidates',
    [takeId],
    [LIST_TAGS.comments(takeId)],
    LIST_TTL.hot,
    async () => {
      const [top, found] = await Promise.all([
        Comment.find(standing).sort({ likes: -1, createdAt: -1 }).limit(TOP_CANDIDATES).lean<CommentRow[]>(),
        takeFound ?? true,
      ]);
      return found ? { candidates: top } : unstored({ candidates: top });
    },
  );
  const visible = (row: CommentRow) => !row.deletedAt && !(row.user && hiddenAuthors.has(String(row.user)));
  let rows = (asCached ? candidates : await commentsByIds(candidates.map((c) => c._id))).filter(visible);
  if (rows.length === 0 && hiddenAuthors.size > 0 && candidates.length === TOP_CANDIDATES) {
    const row = await Comment.findOne({ ...standing, user: mongoose.trusted({ $nin: [...hiddenAuthors] }) })
      .sort({ likes: -1, createdAt: -1 })
      .lean<CommentRow>();
    rows = row ? [row] : [];
  }
  return (await toCommentDTOs(rows)).find(accept) ?? null;
}

/** One comment or reply as it stands, whole (a collapsed one's "show"); null when there is none. */
export async function oneComment(id: string): Promise<CommentDTO | null> {
  await dbConnect();
  const row = await Comment.findById(id).lean<CommentRow>();
  if (!row) return null;
  const [dto] = await toCommentDTOs([row]);
  return dto ?? null;
}

/** A comment's counts; a comment under a take that does not stand (hidden or deleted) is not there (lib/data/visibility/take-access.ts). */
export async function getCommentCounts(id: string) {
  await dbConnect();
  const row = await Comment.findById(id)
    .select({ likes: 1, dislikes: 1, postID: 1 })
    .lean<Pick<CommentRow, 'likes' | 'dislikes' | 'postID'>>();
  if (!row || (await standingTakeAuthor(row.postID)) === null) throw notFound('Comment not found.');
  return { likes: row.likes, dislikes: row.dislikes };
}

/** The tagged user's id, from their id or username; an unknown one is refused. */
async function taggedUserId(tagged: CreateCommentInput['taggedUser']): Promise<Types.ObjectId | null> {
  if (!tagged) return null;
  const filter = 'id' in tagged ? { _id: tagged.id } : { username: tagged.username };
  const found = await User.findOne(filter).select({ _id: 1 }).lean<Pick<UserRow, '_id'>>();
  if (!found) throw badRequest('id' in tagged ? 'taggedUser does not exist.' : `No user is named ${tagged.username}.`);
  return found._id;
}

/** Adds a comment or reply; the take's commentsCount (and score) follow. */
export async function createComment(userId: Types.ObjectId, input: CreateCommentInput): Promise<CommentDTO> {
  await dbConnect();
  const take = await Take.findById(input.postID).select({ createdBy: 1 }).lean<Pick<TakeRow, 'createdBy'>>();
  if (!take) throw notFound('Take not found.');
  let parentAuthor: Types.ObjectId | null = null;
  if (input.parentComment) {
    const parent = await Comment.findById(input.parentComment)
      .select({ postID: 1, parentComment: 1, deletedAt: 1, user: 1 })
      .lean<Pick<CommentRow, '_id' | 'postID' | 'parentComment' | 'deletedAt' | 'user'>>();
    if (!parent || String(parent.postID) !== input.postID) throw badRequest('parentComment must be a comment on this take.');
    if (parent.parentComment) throw badRequest('Reply to the top-level comment, not to a reply.');
    if (parent.deletedAt) throw badRequest('That comment was deleted.');
    parentAuthor = parent.user ?? null;
  }
  const tagged = await taggedUserId(input.taggedUser);
  // No comment on, reply to or tag of a fan with whom a block stands between them.
  await assertNotBlocked(userId, [input.parentComment ? parentAuthor : take.createdBy, tagged]);

  const comment = await Comment.create({
    text: input.text,
    postID: input.postID,
    parentComment: input.parentComment,
    taggedUser: tagged,
    user: userId,
  });
  await carryBlocksOnto('comment', comment._id, userId);
  const moved = [
    { kind: 'take' as const, id: input.postID },
    ...(input.parentComment ? [{ kind: 'comment' as const, id: input.parentComment }] : []),
  ];
  const [, parentBump] = await movingCounters(moved, () =>
    Promise.all([
      bumpTake(input.postID, { commentsCount: 1 }),
      input.parentComment ? Comment.updateOne({ _id: input.parentComment }, { $inc: { repliesCount: 1 } }) : null,
    ]),
  );
  if (parentBump?.matchedCount === 0) {
    // The parent was deleted (it had no replies yet, so it went entirely) while this reply was written: the reply goes too.
    await Comment.deleteOne({ _id: comment._id });
    await movingCounters([{ kind: 'take', id: input.postID }], () => bumpTake(input.postID, { commentsCount: -1 }));
    await expireComments(comment);
    throw badRequest('That comment was deleted.');
  }
  const created = comment.toObject();
  await expireComments(created);
  await notifyComment({ ...created, user: userId });
  const [dto] = await toCommentDTOs([created]);
  return dto!;
}

/**
 * Removes a comment (its author's or a moderator's delete, lib/data/moderation/moderated-comments.ts):
 * entirely when nothing answers it, else as a "[deleted]" placeholder that keeps
 * its place for its replies (as Reddit does). Either way its reactions, reports
 * and the notifications it caused go, and the take's
 * commentsCount and its parent's repliesCount move back by one. Each step is
 * conditional, so of two deletes racing only one moves the counters, and a
 * reply landing meanwhile turns the removal into a placeholder rather than
 * being orphaned (createComment checks its parent's $inc matched).
 */
export async function removeComment(comment: CommentRow): Promise<CommentDTO | null> {
  let placeholder: CommentRow | null = null;
  const moved = [
    { kind: 'take' as const, id: String(comment.postID) },
    ...(comment.parentComment ? [{ kind: 'comment' as const, id: String(comment.parentComment) }] : []),
  ];
  await markForCheck(moved);
  const gone = await Comment.findOneAndDelete({ _id: comment._id, deletedAt: null, repliesCount: 0 }).lean<CommentRow>();
  if (!gone) {
    placeholder = await Comment.findOneAndUpdate(
      { _id: comment._id, deletedAt: null },
      { $set: { deletedAt: new Date(), text: '', user: null, taggedUser: null, likes: 0, dislikes: 0, wilson: 0 } },
      { returnDocument: 'after' },
    ).lean<CommentRow>();
    if (!placeholder) throw notFound('Comment not found.');
  }
  await movingCounters(moved, () =>
    Promise.all([
      bumpTake(comment.postID, { commentsCount: -1 }),
      comment.parentComment ? Comment.updateOne({ _id: comment.parentComment }, { $inc: { repliesCount: -1 } }) : null,
    ]),
  );
  // A reaction racing the delete finds no standing comment to count on and takes its fact back (lib/data/reactions/user-actions.ts).
  await Promise.all([
    UserAction.deleteMany({ target: comment._id }),
    Notification.deleteMany({ comment: comment._id }),
    CommentReport.deleteMany({ comment: comment._id }),
  ]);
  // A placeholder whose last reply went holds a place for nothing. Both a reply's delete and the placeholder's own
  // check after their write, so whichever lands last sees the final count.
  const emptied = comment.parentComment ?? placeholder?._id;
  const dropped = emptied ? await Comment.deleteOne({ _id: emptied, deletedAt: mongoose.trusted({ $ne: null }), repliesCount: 0 }) : null;
  await expireComments(comment);
  if (!placeholder || (dropped?.deletedCount === 1 && !comment.parentComment)) return null;
  const [dto] = await toCommentDTOs([placeholder]);
  return dto ?? null;
}
