import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { FALLBACK_LABELS } from '@/lib/constants';
import { dbConnect } from '@/lib/db';
import { bumpTake } from '@/lib/data/counters';
import { toPublicUser, type PublicUser } from '@/lib/data/mappers';
import { movingCounters } from '@/lib/data/heal';
import { notifyComment } from '@/lib/data/notifications';
import { usersById } from '@/lib/data/users';
import { badRequest, notFound } from '@/lib/errors';
import type { CommentSort } from '@/lib/sorts';
import type { CreateCommentInput } from '@/lib/validation/comments';
import { Comment, Take, User } from '@/models';

type LeanComment = {
  _id: Types.ObjectId;
  text: string;
  postID: Types.ObjectId;
  parentComment: Types.ObjectId | null;
  taggedUser: Types.ObjectId | null;
  user: Types.ObjectId;
  likes: number;
  dislikes: number;
  repliesCount: number;
  createdAt: Date;
};

export type CommentDTO = {
  _id: string;
  text: string;
  postID: string;
  parentComment: string | null;
  taggedUser: { _id: string; username: string } | null;
  user: PublicUser;
  createdAt: string;
  likes: number;
  dislikes: number;
  repliesCount: number;
};

/** Maps comments with their authors and tagged users, loaded in one query. */
async function toCommentDTOs(comments: LeanComment[]): Promise<CommentDTO[]> {
  const users = await usersById(comments.flatMap((c) => [c.user, c.taggedUser]));
  return comments.map((c) => {
    const tagged = c.taggedUser ? users.get(String(c.taggedUser)) : undefined;
    return {
      _id: String(c._id),
      text: c.text,
      postID: String(c.postID),
      parentComment: c.parentComment ? String(c.parentComment) : null,
      taggedUser: tagged ? { _id: String(tagged._id), username: tagged.username } : null,
      user: toPublicUser(users.get(String(c.user)), FALLBACK_LABELS.commentAuthor),
      createdAt: c.createdAt.toISOString(),
      likes: c.likes,
      dislikes: c.dislikes,
      repliesCount: c.repliesCount,
    };
  });
}

/**
 * One page of comments. postID is a take (its top-level comments, newest
 * first) or a comment (its replies, oldest first, as a conversation reads);
 * the id alone says which, so one filter serves both. Best orders a take's
 * comments by the Wilson bound of their likes (lib/ranking.ts); replies stay
 * a conversation.
 */
export async function listComments(postID: string, { skip, limit, sort = 'new' }: { skip: number; limit: number; sort?: CommentSort }) {
  await dbConnect();
  const id = new mongoose.Types.ObjectId(postID);
  if (sort === 'best' && (await Take.exists({ _id: id }))) {
    const filter = { postID: id, parentComment: null };
    const [rows, totalComments] = await Promise.all([
      Comment.find(filter).sort({ wilson: -1, _id: -1 }).skip(skip).limit(limit).lean<LeanComment[]>(),
      Comment.countDocuments(filter),
    ]);
    return { comments: await toCommentDTOs(rows), totalComments };
  }
  const filter = { $or: [{ postID: id, parentComment: null }, { parentComment: id }] };
  const [rows, totalComments] = await Promise.all([
    Comment.find(filter).sort({ createdAt: -1, _id: -1 }).skip(skip).limit(limit).lean<LeanComment[]>(),
    Comment.countDocuments(filter),
  ]);
  if (totalComments === 0 && !(await Take.exists({ _id: id })) && !(await Comment.exists({ _id: id }))) {
    throw notFound('Take or comment not found.');
  }
  const isReplies = rows.length > 0 && rows[0]!.parentComment !== null;
  if (isReplies) rows.reverse();
  return { comments: await toCommentDTOs(rows), totalComments };
}

/** The most-liked top-level comment, for the share image; null when there is none. */
export async function topComment(postID: string): Promise<CommentDTO | null> {
  await dbConnect();
  const row = await Comment.findOne({ postID, parentComment: null }).sort({ likes: -1, createdAt: -1 }).lean<LeanComment>();
  if (!row) return null;
  const [dto] = await toCommentDTOs([row]);
  return dto ?? null;
}

export async function getCommentCounts(id: string) {
  await dbConnect();
  const row = await Comment.findById(id).select({ likes: 1, dislikes: 1 }).lean<{ likes: number; dislikes: number }>();
  if (!row) throw notFound('Comment not found.');
  return { likes: row.likes, dislikes: row.dislikes };
}

/** The tagged user's id, from their id or username; an unknown one is refused. */
async function taggedUserId(tagged: CreateCommentInput['taggedUser']): Promise<Types.ObjectId | null> {
  if (!tagged) return null;
  const filter = 'id' in tagged ? { _id: tagged.id } : { username: tagged.username };
  const found = await User.findOne(filter).select({ _id: 1 }).lean<{ _id: Types.ObjectId }>();
  if (!found) throw badRequest('id' in tagged ? 'taggedUser does not exist.' : `No user is named ${tagged.username}.`);
  return found._id;
}

/** Adds a comment or reply; the take's commentsCount (and score) follow. */
export async function createComment(userId: Types.ObjectId, input: CreateCommentInput): Promise<CommentDTO> {
  await dbConnect();
  if (!(await Take.exists({ _id: input.postID }))) throw notFound('Take not found.');
  if (input.parentComment) {
    const parent = await Comment.findById(input.parentComment).select({ postID: 1, parentComment: 1 }).lean<LeanComment>();
    if (!parent || String(parent.postID) !== input.postID) throw badRequest('parentComment must be a comment on this take.');
    if (parent.parentComment) throw badRequest('Reply to the top-level comment, not to a reply.');
  }
  const tagged = await taggedUserId(input.taggedUser);

  const comment = await Comment.create({
    text: input.text,
    postID: input.postID,
    parentComment: input.parentComment,
    taggedUser: tagged,
    user: userId,
  });
  const moved = [{ kind: 'take' as const, id: input.postID }, ...(input.parentComment ? [{ kind: 'comment' as const, id: input.parentComment }] : [])];
  await movingCounters(moved, () =>
    Promise.all([
      bumpTake(input.postID, { commentsCount: 1 }),
      input.parentComment ? Comment.updateOne({ _id: input.parentComment }, { $inc: { repliesCount: 1 } }) : null,
    ]),
  );
  const created = comment.toObject() as unknown as LeanComment;
  await notifyComment(created);
  const [dto] = await toCommentDTOs([created]);
  return dto!;
}
