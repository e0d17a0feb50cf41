'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { FanSplit } from '@/components/receipts/fan-split';
import { ReactionButtons } from '@/components/reactions/reaction-buttons';
import { useReaction, type Counts } from '@/components/shared/use-reaction';
import { useLiveTake } from './use-live-take';
import { CommentIcon } from '@/components/ui/icons/comment';
import { ShareIcon } from '@/components/ui/icons/share';
import { StarIcon } from '@/components/ui/icons/star';
import { postUserAction } from '@/lib/client/user-actions';
import { formatCommentCount } from '@/lib/format/format-count';
import type { Mark } from '@/lib/reactions/marks';
import { likePercentage } from '@/lib/discovery/ranking';
import { errorMessage, takeToast } from '@/components/shared/take-toast';
import { useMarks } from '@/components/shared/marks-context';
import { useToggleQueue } from '@/components/shared/use-toggle-queue';
import styles from './take-card.module.css';

// Loaded on a tap: most cards are read, not opened. A take's own page renders its comments at once, so there
// the comments' code comes with the page.
const ShareTakeModal = dynamic(() => import('./share-take-modal').then((m) => m.ShareTakeModal));
const CommentsSection = dynamic(() => import('@/components/comments/comments-section').then((m) => m.CommentsSection));

type TakeCardFooterProps = {
  takeId: string;
  counts: Counts;
  commentsCount: number;
  /** The reader's own marks as the page was rendered; taps made since are laid over them. */
  mark: Mark;
  commentsId: string;
  /** Open from the start, as on the take's own page. */
  commentsOpen: boolean;
  fanSplit: { teamName: string; fans: number } | null;
  /** The team's image, rendered on the server. */
  fanSplitImage: React.ReactNode;
};

/** Reactions, the comment toggle, Favorite and Share, and the comments below; above them, the fan-base split when there is one. */
export function TakeCardFooter({
  takeId,
  counts: initial,
  commentsCount: initialComments,
  mark,
  commentsId,
  commentsOpen,
  fanSplit,
  fanSplitImage,
}: TakeCardFooterProps) {
  const { status } = useAuth();
  const marks = useMarks();
  const { counts, setCounts: setCountsNow, reaction, react } = useReaction({ postID: takeId }, initial, mark.reaction);
  const [shareDialog, setShareDialog] = useState<boolean | null>(null);
  const [open, setOpen] = useState(commentsOpen);
  const [commentsCount, setCommentsCount] = useState(initialComments);
  const live = useLiveTake(takeId, open, commentsCount, setCountsNow);
  const setCounts = (next: Counts) => {
    live.touched();
    setCountsNow(next);
  };
  const favorited = marks.isFavorited(takeId) ?? (status === 'signed-in' && mark.favorited);
  const queueFavorite = useToggleQueue<boolean, Counts>({
    server: mark.favorited,
    // The server turns a favorite sent again off.
    send: (_to, _from, token) => postUserAction({ actionType: 'favorite', postID: takeId }, token),
    onAnswer: setCounts,
    onFailure: (confirmed, _shown, error) => {
      marks.setFavorited(takeId, confirmed);
      if (error === null) console.warn('Sign in to favorite takes.');
      else takeToast.error(errorMessage(error, 'Something went wrong. Please try again.'));
    },
  });

  const toggleFavorite = () => {
    // docs/product.md#validation: favoriting signed out does nothing beyond a console warning.
    if (status !== 'signed-in') {
      console.warn('Sign in to favorite takes.');
      return;
    }
    marks.setFavorited(takeId, !favorited);
    queueFavorite(!favorited);
  };

  return (
    <>
      {fanSplit && (
        <FanSplit
          teamName={fanSplit.teamName}
          fans={fanSplit.fans}
          everyone={likePercentage(counts.likes, counts.dislikes) ?? 0}
          image={fanSplitImage}
        />
      )}
      <footer className={styles.footer}>
        <ReactionButtons
          likes={counts.likes}
          dislikes={counts.dislikes}
          reaction={reaction}
          onReact={(choice) => {
            live.touched();
            void react(choice);
          }}
          showPercentage
        />
        <div className={styles.footerEnd}>
          {/* It names the comments region only while that is rendered: a control must point at something there. */}
          <button
            type="button"
            className={styles.action}
            aria-expanded={open}
            aria-controls={open ? commentsId : undefined}
            onClick={() => setOpen((o) => !o)}
          >
            <CommentIcon size={18} />
            <span className="visually-hidden">Comments</span> <span className={styles.count}>{formatCommentCount(commentsCount)}</span>
          </button>
          <button type="button" className={styles.action} data-active={favorited || undefined} onClick={toggleFavorite}>
            <StarIcon size={18} />
            <span className={styles.actionLabel}>{favorited ? 'Favorited' : 'Favorite'}</span>
          </button>
          <button type="button" className={styles.action} onClick={() => setShareDialog(true)}>
            <ShareIcon size={18} />
            <span className={styles.actionLabel}>Share</span>
          </button>
        </div>
        {shareDialog !== null && (
          <ShareTakeModal open={shareDialog} onClose={() => setShareDialog(false)} takeId={takeId} onShared={setCounts} />
        )}
      </footer>
      {open && (
        <CommentsSection
          id={commentsId}
          takeId={takeId}
          onCommentAdded={() => {
            live.touched();
            setCommentsCount((n) => n + 1);
          }}
          onCommentDeleted={() => {
            live.touched();
            setCommentsCount((n) => Math.max(0, n - 1));
          }}
          newComments={live.newComments}
          onShowNew={() => setCommentsCount(live.shown())}
        />
      )}
    </>
  );
}
