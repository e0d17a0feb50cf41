'use client';

import Link from 'next/link';
import { ReactionButtons } from '@/components/reactions/reaction-buttons';
import { useReaction } from '@/components/reactions/use-reaction';
import { Avatar } from '@/components/ui/avatar';
import { TimeAgo } from '@/components/ui/time-ago';
import type { CommentDTO } from '@/lib/data/comments';
import type { Reaction } from '@/lib/marks';
import styles from './comments.module.css';

type CommentItemProps = {
  comment: CommentDTO;
  /** The reader's reaction as the comments were loaded. */
  reaction: Reaction | null;
  onReply(): void;
  children?: React.ReactNode;
};

/** One comment or reply: who, when, what, reactions and a Reply button; `children` go below (replies, a reply box). */
export function CommentItem({ comment, reaction: rendered, onReply, children }: CommentItemProps) {
  const { counts, reaction, react } = useReaction({ commentID: comment._id }, { likes: comment.likes, dislikes: comment.dislikes, shares: 0 }, rendered);
  const author = comment.user;
  const reply = comment.parentComment !== null;

  return (
    <article className={`${styles.comment} ${reply ? styles.reply : ''}`} aria-label={`${reply ? 'Reply' : 'Comment'} by ${author.username}`}>
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
          {comment.text}
        </p>
        <div className={styles.actions}>
          <ReactionButtons likes={counts.likes} dislikes={counts.dislikes} reaction={reaction} onReact={react} size="small" />
          <button type="button" className={styles.replyButton} onClick={onReply}>
            Reply<span className="visually-hidden"> to {author.username}</span>
          </button>
        </div>
        {children}
      </div>
    </article>
  );
}
