'use client';

import { useEffect, useRef, useState } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { RevealedThread } from '@/components/shared/revealed-thread';
import { useMarksLoader } from '@/components/shared/use-marks-loader';
import { Avatar } from '@/components/ui/avatar';
import { CollapsedNotice } from '@/components/ui/collapsed-notice';
import { TimeAgo } from '@/components/ui/time-ago';
import { getTakeForViewer } from '@/lib/client/takes';
import { markOf, type Marks } from '@/lib/reactions/marks';
import type { TakeForViewer } from '@/lib/validation/moderation';
import type { CollapsedTake } from '@/lib/validation/takes';
import { TakeCard } from './take-card';
import styles from './take-card.module.css';

/**
 * A take the reader's own filters collapse (docs/product.md#filters): who and when, its reason and "show". The server
 * sent nothing of what it says; "show" reads the take by id with the reader's token and puts the whole card in its
 * place, its comments uncollapsed too.
 */
export function CollapsedTakeCard({ take }: { take: CollapsedTake }) {
  const { status, getToken } = useAuth();
  const loadMarks = useMarksLoader();
  const [shown, setShown] = useState<{ take: TakeForViewer; marks: Marks | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const revealed = useRef<HTMLDivElement>(null);

  // The reader asked for it: reading goes on from the card that replaced the line they tapped.
  useEffect(() => {
    if (shown) revealed.current?.focus();
  }, [shown]);

  const show = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const token = status === 'signed-in' ? await getToken() : null;
      const [whole, marks] = await Promise.all([getTakeForViewer(take._id, token), loadMarks([take._id])]);
      setShown({ take: whole, marks });
    } catch (error) {
      console.error('Could not show the take', error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  if (shown) {
    return (
      <div ref={revealed} tabIndex={-1} className={styles.revealed}>
        <RevealedThread>
          <TakeCard take={shown.take} mark={markOf(shown.marks, take._id)} />
        </RevealedThread>
      </div>
    );
  }
  const author = take.createdBy;
  return (
    <article className={`${styles.card} ${styles.collapsed}`} aria-label={`Take by ${author.username}, folded: ${take.collapsed.label}`}>
      <header className={styles.header}>
        <span className={styles.author}>
          <Avatar url={author.profilePictureUrl} size={28} />
          <span className={styles.username}>{author.username}</span>
        </span>
        <span className={styles.dot} aria-hidden="true">
          ·
        </span>
        <TimeAgo date={take.createdAt} className={styles.time} />
      </header>
      <CollapsedNotice label={take.collapsed.label} what="take" onShow={() => void show()} busy={busy} failed={failed} />
    </article>
  );
}
