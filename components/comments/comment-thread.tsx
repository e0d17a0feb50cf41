'use client';

import { useState } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { useRevealedThread } from '@/components/shared/revealed-thread';
import { useMarksLoader } from '@/components/shared/use-marks-loader';
import { formatReplyCount } from '@/lib/format/format-count';
import { markOf, mergeMarks, type Marks } from '@/lib/reactions/marks';
import type { CommentDTO, ListedComment } from '@/lib/validation/comments';
import { CommentForm } from './comment-form';
import { ListedCommentView } from './listed-comment';
import { CommentItem } from './comment-item';
import { FIRST_PAGE, fetchComments, nextPageOf, type PageStart, type ReplyTarget } from '@/lib/client/comments';
import styles from './comments.module.css';

type CommentThreadProps = {
  /** Whole, or collapsed by the reader's filters (then its replies stay reachable under it). */
  comment: ListedComment;
  /** The reader's marks on the comments shown, as they were loaded. */
  marks: Marks | null;
  /** The one open reply box in this take's comments, if any. */
  replyTarget: ReplyTarget | null;
  onReply(target: ReplyTarget | null): void;
  /** Posts the reply; resolves true when it was saved. */
  sendReply(target: ReplyTarget, text: string): Promise<boolean>;
  /** The top-level comment was deleted: its "[deleted]" placeholder, or null when the thread is gone. */
  onDeleted(placeholder: CommentDTO | null): void;
  /** One of its replies was deleted. */
  onReplyDeleted(): void;
  /** The reader muted or blocked someone from a comment's options: the list is read again without them. */
  onRestricted(): void;
};

/** A top-level comment with its replies, shown or hidden on demand. */
export function CommentThread({
  comment,
  marks,
  replyTarget,
  onReply,
  sendReply,
  onDeleted,
  onReplyDeleted,
  onRestricted,
}: CommentThreadProps) {
  const { status, getToken } = useAuth();
  const loadMarks = useMarksLoader();
  const reveal = useRevealedThread();
  const [replies, setReplies] = useState<ListedComment[] | null>(null);
  const [replyMarks, setReplyMarks] = useState<Marks | null>(null);
  const [repliesCount, setRepliesCount] = useState(comment.repliesCount);
  // Where the next page of replies starts; null once all are shown.
  const [next, setNext] = useState<PageStart | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);

  const loadReplies = async (start: PageStart) => {
    setLoading(true);
    try {
      const page = await fetchComments(comment._id, start, { token: status === 'signed-in' ? await getToken() : null, reveal });
      const more = await loadMarks(page.comments.map((c) => c._id));
      const first = start.skip === 0;
      setReplies((prev) => (first ? page.comments : [...(prev ?? []), ...page.comments]));
      setReplyMarks((prev) => (first ? more : mergeMarks(prev, more)));
      setRepliesCount(page.totalComments);
      setNext(nextPageOf(page));
    } catch (error) {
      console.error('Could not load replies', error);
    } finally {
      setLoading(false);
    }
  };

  const toggleReplies = () => {
    if (!open && replies === null) void loadReplies(FIRST_PAGE);
    setOpen(!open);
  };

  const target = (c: CommentDTO): ReplyTarget => ({
    commentId: c._id,
    threadId: comment._id,
    user: { _id: c.user._id, username: c.user.username },
  });

  const replyBox = (c: CommentDTO) =>
    replyTarget?.commentId === c._id && (
      <CommentForm
        label={`Reply to @${replyTarget.user.username}`}
        placeholder={`@${replyTarget.user.username} `}
        submitLabel="Reply"
        autoFocus
        onCancel={() => onReply(null)}
        onSubmit={async (text) => {
          // docs/product.md#messages: a failed reply is only logged; the text stays in the box to try again.
          if (!(await sendReply(replyTarget, text))) return false;
          setOpen(true);
          await loadReplies(FIRST_PAGE);
          return true;
        }}
      />
    );

  const replyDeleted = (id: string) => {
    setReplies((prev) => prev?.filter((r) => r._id !== id) ?? null);
    setRepliesCount((n) => n - 1);
    // One fewer before the next page: its position moves back by one, while its cursor still points past the last shown.
    setNext((n) => (n === null ? null : { ...n, skip: n.skip - 1 }));
    onReplyDeleted();
    // A placeholder held its place only for its replies; with the last one gone the server removed it too.
    if ('deleted' in comment && comment.deleted && repliesCount <= 1) onDeleted(null);
  };

  const restricted = () => {
    onRestricted();
    if (replies !== null) void loadReplies(FIRST_PAGE);
  };

  const thread = (
    <>
      {repliesCount > 0 && (
        <button type="button" className={styles.repliesToggle} aria-expanded={open} onClick={toggleReplies}>
          {open ? 'Hide replies' : `Show ${formatReplyCount(repliesCount)} ${repliesCount === 1 ? 'reply' : 'replies'}`}
        </button>
      )}
      {open && replies && (
        <ul className={styles.replies} aria-label={`Replies to ${comment.user.username}`}>
          {replies.map((reply) => (
            <li key={reply._id}>
              <ListedCommentView
                comment={reply}
                render={(shown) => (
                  <CommentItem
                    comment={shown}
                    reaction={markOf(replyMarks, shown._id).reaction}
                    onReply={() => onReply(target(shown))}
                    onDeleted={() => replyDeleted(shown._id)}
                    onRestricted={restricted}
                  >
                    {replyBox(shown)}
                  </CommentItem>
                )}
              />
            </li>
          ))}
        </ul>
      )}
      {open && loading && <p className={styles.note}>Loading...</p>}
      {open && !loading && replies && next !== null && (
        <button type="button" className={styles.repliesToggle} onClick={() => loadReplies(next)}>
          Show more replies
        </button>
      )}
    </>
  );

  return (
    <li>
      <ListedCommentView
        comment={comment}
        render={(shown) => (
          <CommentItem
            comment={shown}
            reaction={markOf(marks, shown._id).reaction}
            onReply={() => onReply(target(shown))}
            onDeleted={onDeleted}
            onRestricted={restricted}
          >
            {replyBox(shown)}
            {thread}
          </CommentItem>
        )}
      >
        {thread}
      </ListedCommentView>
    </li>
  );
}
