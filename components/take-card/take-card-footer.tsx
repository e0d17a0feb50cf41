'use client';

import { useState } from 'react';
import { useAuth } from '@/components/auth/auth-provider';
import { FanSplit } from '@/components/receipts/fan-split';
import { ReactionButtons } from '@/components/reactions/reaction-buttons';
import { useReaction, type Counts } from '@/components/reactions/use-reaction';
import { CommentIcon, ShareIcon, StarIcon } from '@/components/ui/icons';
import { apiFetch } from '@/lib/client/api';
import type { TakeDTO } from '@/lib/data/mappers';
import { formatCommentCount } from '@/lib/format-count';
import { likePercentage } from '@/lib/ranking';
import { ShareTakeModal } from './share-take-modal';
import { errorMessage, takeToast } from './take-toast';
import { useUserActions } from './user-actions-context';
import styles from './take-card.module.css';

type TakeCardFooterProps = {
  take: TakeDTO;
  commentsCount: number;
  commentsOpen: boolean;
  commentsId: string;
  onToggleComments(): void;
};

/** Reactions, the comment toggle, Favorite and Share; above them, the fan-base split when there is one. */
export function TakeCardFooter({ take, commentsCount, commentsOpen, commentsId, onToggleComments }: TakeCardFooterProps) {
  const { status, getToken } = useAuth();
  const actions = useUserActions();
  const { counts, setCounts, reaction, react } = useReaction(
    { postID: take._id },
    { likes: take.likes, dislikes: take.dislikes, shares: take.shares },
  );
  const [shareOpen, setShareOpen] = useState(false);
  const favorited = actions.isFavorited(take._id);

  const toggleFavorite = async () => {
    // Spec §5: favoriting signed out does nothing beyond a console warning.
    const token = status === 'signed-in' ? await getToken() : null;
    if (!token) {
      console.warn('Sign in to favorite takes.');
      return;
    }
    actions.setFavorited(take._id, !favorited);
    try {
      setCounts(await apiFetch<Counts>('/api/user-action', { method: 'POST', body: { actionType: 'favorite', postID: take._id }, token }));
    } catch (error) {
      actions.setFavorited(take._id, favorited);
      takeToast.error(errorMessage(error, 'Something went wrong. Please try again.'));
    }
  };

  return (
    <>
      {take.fanSplit && <FanSplit split={take.fanSplit} everyone={likePercentage(counts.likes, counts.dislikes) ?? 0} />}
      <footer className={styles.footer}>
        <ReactionButtons likes={counts.likes} dislikes={counts.dislikes} reaction={reaction} onReact={react} showPercentage />
        <div className={styles.footerEnd}>
          <button
            type="button"
            className={styles.action}
            aria-expanded={commentsOpen}
            aria-controls={commentsId}
            onClick={onToggleComments}
          >
            <CommentIcon size={18} />
            <span className="visually-hidden">Comments</span>{' '}
            <span className={styles.count}>{formatCommentCount(commentsCount)}</span>
          </button>
          <button type="button" className={styles.action} data-active={favorited || undefined} onClick={toggleFavorite}>
            <StarIcon size={18} />
            <span className={styles.actionLabel}>{favorited ? 'Favorited' : 'Favorite'}</span>
          </button>
          <button type="button" className={styles.action} onClick={() => setShareOpen(true)}>
            <ShareIcon size={18} />
            <span className={styles.actionLabel}>Share</span>
          </button>
        </div>
        <ShareTakeModal open={shareOpen} onClose={() => setShareOpen(false)} take={take} onShared={setCounts} />
      </footer>
    </>
  );
}
