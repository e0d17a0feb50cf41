'use client';

import Link from 'next/link';
import { TeamFlair } from '@/components/entity/team-flair';
import { ReactionButtons } from '@/components/reactions/reaction-buttons';
import { useReaction } from '@/components/shared/use-reaction';
import { Avatar } from '@/components/ui/avatar';
import { TimeAgo } from '@/components/ui/time-ago';
import { FALLBACK_LABELS } from '@/lib/format/fallback-labels';
import type { Reaction } from '@/lib/reactions/marks';
import type { CommentDTO } from '@/lib/validation/comments';
import { CommentOptions } from './comment-options-lazy';
import styles from './comments.module.css';

type CommentItemProps = {
  comment: CommentDTO;
  /** The reader's reaction as the comments were loaded. */
  reaction: Reaction | null;
  onReply(): void;
  /** After it is deleted: the "[deleted]" placeholder left for its replies, or null when it is gone. */
  onDeleted(placeholder: CommentDTO | null): void;
  /** The reader muted or blocked its author from its options. */
  onRestricted(): void;
  children?: React.ReactNode;
};

/** One comment or reply: who, when, what, reactions, Reply and its options; `children` go below (replies, a reply box). */
export function CommentItem({ comment, reaction: rendered, onReply, onDeleted, onRestricted, children }: CommentItemProps) {
  const { counts, reaction, react } = useReaction(
    { commentID: comment._id },
    { likes: comment.likes, dislikes: comment.dislikes, shares: 0 },
    rendered,
  );
  const author = comment.user;
  const reply = comment.parentComment !== null;

  if (comment.deleted) {
    // Its place in the thread, for the replies under it: no author, text, reactions or options.
    return (
      <article className={`${styles.comment} ${styles.deleted}`} aria-label="Deleted comment">
        <Avatar url={null} size={32} className={styles.avatar} />
        <div className={styles.main}>
          <p className={styles.meta}>
            <span className={styles.username}>{comment.user.username}</span>
            <TimeAgo date={comment.createdAt} className={styles.time} />
          </p>
          <p className={styles.text}>{comment.text}</p>
          {children}
        </div>
      </article>
    );
  }

  return (
    <article
      className={`${styles.comment} ${reply ? styles.reply : ''}`}
      aria-label={`${reply ? 'Reply' : 'Comment'} by ${author.username}`}
    >
      <Avatar url={author.profilePictureUrl} size={reply ? 28 : 32} className={styles.avatar} />
      <div className={styles.main}>
        <p className={styles.meta}>
          {author._id ? (
            <Link href={`/profile/${author._id}`} className={styles.username} prefetch={false}>
              {author.username}
            </Link>
          ) : (
            <span className={styles.username}>{author.username}</span>
          )}
          <TeamFlair flair={author.flair} size={16} />
          <TimeAgo date={comment.createdAt} className={styles.time} />
        </p>
        <p className={styles.text}>
          {comment.taggedUser && (
            <>
              <Link href={`/profile/${comment.taggedUser._id}`} className={styles.mention} prefetch={false}>
                @{comment.taggedUser.username}
              </Link>{' '}
            </>
          )}
          {comment.text.trim() || FALLBACK_LABELS.content}
        </p>
        <div className={styles.actions}>
          <ReactionButtons likes={counts.likes} dislikes={counts.dislikes} reaction={reaction} onReact={react} size="small" />
          <button type="button" className={styles.replyButton} onClick={onReply}>
            Reply<span className="visually-hidden"> to {author.username}</span>
          </button>
          <CommentOptions comment={comment} onDeleted={onDeleted} onRestricted={onRestricted} />
        </div>
        {children}
      </div>
    </article>
  );
}
