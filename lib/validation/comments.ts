import { z } from 'zod';
import { COMMENTS_PAGE_SIZE } from '@/lib/constants';
import { COMMENT_SORTS } from '@/lib/discovery/sorts';
import { objectId, pageQuery, typedText } from '@/lib/validation/common';
import { cursorParam, nextCursor } from '@/lib/validation/cursor';
import { collapsed } from '@/lib/validation/filters';
import { publicUser, username } from '@/lib/validation/users';

export const COMMENTS_MAX_PAGE_SIZE = 50;
export const COMMENT_TEXT_MAX = 1000;

/** postID is a take id (top-level comments) or a comment id (its replies), as in docs/product.md#api. */
export const listCommentsQuery = z.object({
  postID: objectId,
  sort: z
    .enum(COMMENT_SORTS, { error: 'must be new or best' })
    .default('new')
    .describe("Top-level comments' order; replies are always oldest first"),
  ...pageQuery(COMMENTS_PAGE_SIZE, COMMENTS_MAX_PAGE_SIZE),
  cursor: cursorParam.describe(
    'nextCursor of the previous page: the page starts right after it, however deep (skip then only numbers the page, for nextSkip)',
  ),
  reveal: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true')
    .describe("true: the viewer asked to see this take's thread, so their spoiler shield and collapsing mutes collapse nothing here"),
});

export const topCommentQuery = z.object({ postID: objectId });

/** The clients of docs/product.md#api send "" or null for "none". */
const optionalId = z
  .union([objectId, z.literal(''), z.null()])
  .optional()
  .transform((v) => v || null);

/**
 * The person a reply answers: their id, or their username as docs/product.md#content names them
 * (any case; usernames are stored lowercase). A 24-character id can never be a
 * username (15 at most), so the two forms cannot be confused.
 */
const taggedUser = z
  .union(
    [
      objectId.transform((id) => ({ id })),
      username.transform((name) => ({ username: name })),
      z.literal('').transform(() => null),
      z.null(),
    ],
    {
      error: 'must be a user id or a username',
    },
  )
  .optional()
  .transform((v) => v ?? null)
  .describe("The user a reply answers: a user id or a username (any case); stored as the user's id");

export const createCommentBody = z.object({
  text: typedText(COMMENT_TEXT_MAX, {
    required: 'Comment text is required.',
    tooLong: `A comment can be at most ${COMMENT_TEXT_MAX} characters.`,
  }),
  postID: objectId,
  parentComment: optionalId,
  taggedUser,
});
export type CreateCommentInput = z.output<typeof createCommentBody>;

export const comment = z.object({
  _id: z.string(),
  text: z.string(),
  postID: z.string(),
  parentComment: z.string().nullable(),
  taggedUser: z.object({ _id: z.string(), username: z.string() }).nullable(),
  user: publicUser,
  createdAt: z.string(),
  likes: z.number(),
  dislikes: z.number(),
  repliesCount: z.number(),
  deleted: z.boolean().describe('Deleted while it had replies: shown as "[deleted]", with no author or text'),
});

/**
 * A comment or reply a signed-in viewer's own filters collapse (docs/product.md#filters): who and when, and why, but not
 * its text. GET /api/comments/{id} reads it whole.
 */
export const collapsedComment = comment
  .pick({ _id: true, postID: true, parentComment: true, user: true, createdAt: true, repliesCount: true })
  .extend({ collapsed });

/** A comment as a page shows it to its reader: whole, or collapsed by their filters. */
export const listedComment = z.union([comment, collapsedComment]);

/** DELETE /api/comments/{id}: the "[deleted]" placeholder left for its replies, or null when it is gone entirely. */
export const deletedComment = z.object({ message: z.string(), comment: comment.nullable() });

/** GET /api/comments/top: the most-liked top-level comment, null when there is none. */
export const topCommentAnswer = z.object({ topComment: comment.nullable() });

export const commentsPage = z.object({
  comments: z.array(listedComment),
  totalComments: z.number().describe('Comments in the list, including any the viewer has hidden'),
  nextSkip: z.number().nullable().describe('skip for the next page; null when this is the last'),
  nextCursor: nextCursor.describe('cursor for the next page, sent with nextSkip; null when this is the last'),
});

export type CommentDTO = z.output<typeof comment>;
export type CollapsedComment = z.output<typeof collapsedComment>;
export type ListedComment = z.output<typeof listedComment>;
export type DeletedComment = z.output<typeof deletedComment>;
export type CommentsPage = z.output<typeof commentsPage>;
