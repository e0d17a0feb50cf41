'use client';

import { useState } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { Avatar } from '@/components/ui/avatar';
import { CollapsedNotice } from '@/components/ui/collapsed-notice';
import { TimeAgo } from '@/components/ui/time-ago';
import { getComment } from '@/lib/client/comments';
import type { CollapsedComment, CommentDTO } from '@/lib/validation/comments';
import styles from './comments.module.css';

type CollapsedCommentCardProps = {
  comment: CollapsedComment;
  /** The comment shown whole, as it was sent or once "show" has read it. */
  render(comment: CommentDTO): React.ReactNode;
  /** What goes under a collapsed comment: its replies stay reachable, each judged on its own. */
  children?: React.ReactNode;
};

/**
 * A comment or reply the reader's filters collapsed (docs/product.md#filters): behind its reason until "show" reads it
 * by id with the reader's token. Loaded only where a comment is collapsed (./listed-comment.tsx).
 */
export function CollapsedCommentCard({ comment, render, children }: CollapsedCommentCardProps) {
  const { status, getToken } = useAuth();
  const [revealed, setRevealed] = useState<CommentDTO | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (revealed) return render(revealed);

  const show = async () => {
    setBusy(true);
    setFailed(false);
    try {
      setRevealed(await getComment(comment._id, status === 'signed-in' ? await getToken() : null));
    } catch (error) {
      console.error('Could not show the comment', error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  const reply = comment.parentComment !== null;
  return (
    <article
      className={`${styles.comment} ${reply ? styles.reply : ''}`}
      aria-label={`${reply ? 'Reply' : 'Comment'} by ${comment.user.username}, folded: ${comment.collapsed.label}`}
    >
      <Avatar url={comment.user.profilePictureUrl} size={reply ? 28 : 32} className={styles.avatar} />
      <div className={styles.main}>
        <p className={styles.meta}>
          <span className={styles.username}>{comment.user.username}</span>
          <TimeAgo date={comment.createdAt} className={styles.time} />
        </p>
        <CollapsedNotice
          label={comment.collapsed.label}
          what={reply ? 'reply' : 'comment'}
          onShow={() => void show()}
          busy={busy}
          failed={failed}
        />
        {children}
      </div>
    </article>
  );
}
