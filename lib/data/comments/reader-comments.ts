import 'server-only';
import { dbConnect } from '@/lib/db';
import { listComments, topComment } from '@/lib/data/comments/comments';
import { commentJudgement, fillPage, listedComment } from '@/lib/data/filters/lists';
import { SUBJECT_FIELDS, type Reader, type StoredSubject } from '@/lib/data/filters/reader';
import type { CommentSort } from '@/lib/discovery/sorts';
import type { CommentDTO, CommentsPage, ListedComment } from '@/lib/validation/comments';
import { cursorParam, type Cursor } from '@/lib/validation/cursor';
import { Comment, type CommentRow, Take } from '@/models';

/**
 * The take a thread hangs off (postID names the take, or a comment for its replies), with what the spoiler shield
 * judges it by; read only for a reader who shields a game right now.
 */
async function threadOf(reader: Reader, threadId: string): Promise<StoredSubject | null> {
  if (reader.filters.shielded.length === 0) return null;
  await dbConnect();
  const take = await Take.findById(threadId).select(SUBJECT_FIELDS).lean<StoredSubject>();
  if (take) return take;
  const parent = await Comment.findById(threadId).select({ postID: 1 }).lean<Pick<CommentRow, 'postID'>>();
  return parent ? Take.findById(parent.postID).select(SUBJECT_FIELDS).lean<StoredSubject>() : null;
}

type Start = { skip: number; cursor: string | null };

/**
 * A page of a take's comments or a comment's replies as the reader's filters show it: the fans hidden from them and
 * what they muted left out or collapsed, and comments written on a shielded game's takes since its tip-off collapsed,
 * unless they asked to see the thread (`reveal`). Filled past what is left out; where the next page starts is
 * counted from the comments as listed, so nothing shifts the paging.
 */
export async function commentsFor(
  reader: Reader,
  threadId: string,
  { skip, limit, sort, cursor, reveal }: { skip: number; limit: number; sort: CommentSort; cursor?: Cursor; reveal: boolean },
): Promise<CommentsPage> {
  if (!reader.active) return listComments(threadId, { skip, limit, sort, cursor });
  const thread = await threadOf(reader, threadId);
  let totalComments = 0;
  const first: Start = { skip, cursor: null };
  const { items, next } = await fillPage<CommentDTO, ListedComment, Start>(
    limit,
    first,
    async (start = first, n) => {
      const page = await listComments(threadId, {
        skip: start.skip,
        limit: n,
        sort,
        cursor: start === first ? cursor : (cursorParam.parse(start.cursor ?? undefined) ?? undefined),
      });
      totalComments = page.totalComments;
      return { items: page.comments, next: page.nextSkip === null ? null : { skip: page.nextSkip, cursor: page.nextCursor } };
    },
    (comment) => listedComment(reader, comment, thread, reveal),
  );
  return { comments: items, totalComments, nextSkip: next?.skip ?? null, nextCursor: next?.cursor ?? null };
}

/** The most-liked top-level comment the reader is shown whole, for the share poster; null when there is none. */
export async function topCommentFor(reader: Reader, takeId: string): Promise<CommentDTO | null> {
  const thread = await threadOf(reader, takeId);
  return topComment(takeId, {
    hiddenAuthors: reader.filters.hiddenAuthors,
    accept: (comment) => commentJudgement(reader, comment, thread, false) === 'show',
  });
}
