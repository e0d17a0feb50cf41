import { ThumbDownIcon } from '@/components/ui/icons/thumb-down';
import { ThumbUpIcon } from '@/components/ui/icons/thumb-up';
import { likePercentage } from '@/lib/discovery/ranking';
import type { Reaction } from '@/lib/reactions/marks';
import styles from './reaction-buttons.module.css';

type ReactionButtonsProps = {
  likes: number;
  dislikes: number;
  reaction: Reaction | null;
  onReact(reaction: Reaction): void;
  /** Takes show the share of likes; comments only the counts. */
  showPercentage?: boolean;
  size?: 'regular' | 'small';
};

/** Like and dislike toggles; the pressed state is the user's own reaction. */
export function ReactionButtons({ likes, dislikes, reaction, onReact, showPercentage = false, size = 'regular' }: ReactionButtonsProps) {
  const pct = showPercentage ? likePercentage(likes, dislikes) : null;
  const icon = size === 'small' ? 16 : 18;
  return (
    <div className={`${styles.group} ${size === 'small' ? styles.small : ''}`}>
      <button
        type="button"
        className={`${styles.button} ${styles.like}`}
        aria-pressed={reaction === 'like'}
        onClick={() => onReact('like')}
      >
        <ThumbUpIcon size={icon} />
        <span className="visually-hidden">Like</span> <span className={styles.count}>{likes}</span>
      </button>
      <button
        type="button"
        className={`${styles.button} ${styles.dislike}`}
        aria-pressed={reaction === 'dislike'}
        onClick={() => onReact('dislike')}
      >
        <ThumbDownIcon size={icon} />
        <span className="visually-hidden">Dislike</span> <span className={styles.count}>{dislikes}</span>
      </button>
      {pct !== null && (
        <span className={styles.pct}>
          {pct}%<span className="visually-hidden"> liked</span>
        </span>
      )}
    </div>
  );
}
