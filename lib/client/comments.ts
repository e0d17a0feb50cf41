import { ApiError, apiFetch } from '@/lib/client/api';
import { COMMENTS_PAGE_SIZE } from '@/lib/constants';
import type { CommentSort } from '@/lib/discovery/sorts';
import type { z } from 'zod';
import type { CommentDTO, CommentsPage, createCommentBody } from '@/lib/validation/comments';
import type { reportBody } from '@/lib/validation/takes';

/** Where a page starts: its position, and the previous page's cursor, with which the server seeks there directly. */
export type PageStart = { skip: number; cursor: string | null };

export const FIRST_PAGE: PageStart = { skip: 0, cursor: null };

/** Where the page after `page` starts; null when it was the last. */
export const nextPageOf = (page: CommentsPage): PageStart | null =>
  page.nextSkip === null ? null : { skip: page.nextSkip, cursor: page.nextCursor };

/**
 * A take's comments in `sort` order, or a comment's replies when `postID` is a
 * comment id (docs/product.md#api); with a signed-in fan's token, as their filters
 * show them (docs/product.md#filters): those they muted or blocked left out, what
 * their mutes and spoiler shield collapse collapsed, unless they asked to see the thread
 * (`reveal`).
 */
export function fetchComments(
  threadId: string,
  start: PageStart = FIRST_PAGE,
  {
    signal,
    sort = 'new',
    token,
    reveal = false,
  }: { signal?: AbortSignal; sort?: CommentSort; token?: string | null; reveal?: boolean } = {},
): Promise<CommentsPage> {
  const query = new URLSearchParams({
    postID: threadId,
    skip: String(start.skip),
    limit: String(COMMENTS_PAGE_SIZE),
    ...(start.cursor ? { cursor: start.cursor } : {}),
    ...(sort === 'new' ? {} : { sort }),
    ...(reveal ? { reveal: 'true' } : {}),
  });
  return apiFetch(`/api/comments?${query}`, { signal, token, answer: 'commentsPage' });
}

/** One comment or reply, whole: "show" on one the reader's filters collapsed. */
export function getComment(id: string, token: string | null): Promise<CommentDTO> {
  return apiFetch(`/api/comments/${encodeURIComponent(id)}`, { token, answer: 'comment' });
}

export type NewComment = z.input<typeof createCommentBody>;

export function postComment(body: NewComment, token: string): Promise<CommentDTO> {
  return apiFetch('/api/comments', { method: 'POST', body, token, answer: 'comment' });
}

/** The take's most-liked comment, for its share poster; null when it has none. */
export async function getTopComment(takeId: string, signal?: AbortSignal): Promise<CommentDTO | null> {
  const query = new URLSearchParams({ postID: takeId });
  return (await apiFetch(`/api/comments/top?${query}`, { signal, answer: 'topCommentAnswer' })).topComment;
}

/** Deletes the fan's comment or reply; the answer carries the "[deleted]" placeholder a thread keeps, or null. */
export async function deleteComment(id: string, token: string): Promise<CommentDTO | null> {
  return (await apiFetch(`/api/comments/${encodeURIComponent(id)}`, { method: 'DELETE', token, answer: 'deletedComment' })).comment;
}

export async function reportComment(id: string, body: z.input<typeof reportBody>, token: string): Promise<void> {
  await apiFetch(`/api/comments/${encodeURIComponent(id)}/report`, { method: 'POST', body, token });
}

/** docs/product.md#messages: a comment that did not go through shows the server's error text, else Failed to add comment. */
export function addCommentError(error: unknown): string {
  return error instanceof ApiError && error.fromServer ? error.message : 'Failed to add comment.';
}

/** Who a reply answers: it always joins the top-level comment's thread and tags that person. */
export type ReplyTarget = { commentId: string; threadId: string; user: { _id: string; username: string } };
