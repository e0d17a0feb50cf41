import { ApiError, apiFetch } from '@/lib/client/api';
import { COMMENTS_PAGE_SIZE } from '@/lib/constants';
import type { CommentDTO } from '@/lib/data/comments';
import type { CommentSort } from '@/lib/sorts';

export type CommentsPage = { comments: CommentDTO[]; totalComments: number };

/** A take's comments in `sort` order, or a comment's replies when `postID` is a comment id (spec §7). */
export function fetchComments(postID: string, skip = 0, signal?: AbortSignal, sort: CommentSort = 'new'): Promise<CommentsPage> {
  const query = new URLSearchParams({ postID, skip: String(skip), limit: String(COMMENTS_PAGE_SIZE), ...(sort === 'new' ? {} : { sort }) });
  return apiFetch<CommentsPage>(`/api/comments?${query}`, { signal });
}

export type NewComment = { text: string; postID: string; parentComment?: string; taggedUser?: string };

export function postComment(body: NewComment, token: string): Promise<CommentDTO> {
  return apiFetch<CommentDTO>('/api/comments', { method: 'POST', body, token });
}

/** Spec §8: a comment that did not go through shows the server's error text, else Failed to add comment. */
export function addCommentError(error: unknown): string {
  return error instanceof ApiError && error.fromServer ? error.message : 'Failed to add comment.';
}

/** Who a reply answers: it always joins the top-level comment's thread and tags that person. */
export type ReplyTarget = { commentId: string; threadId: string; user: { _id: string; username: string } };
