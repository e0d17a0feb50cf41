'use client';

import { useRef, useState } from 'react';
import { useVisiblePoll } from '@/components/shared/use-visible-poll';
import type { Counts } from '@/components/shared/use-reaction';
import { fetchLiveTake } from '@/lib/client/live';
import { LIVE_CDN_SECONDS } from '@/lib/notifications/constants';

/** How old a poll's answer may be when a CDN kept it: anything the reader did here since is newer. */
const CDN_AGE_MS = (LIVE_CDN_SECONDS.fresh + LIVE_CDN_SECONDS.stale) * 1000;

/**
 * An open take's counts and comment total, polled while it is visible
 * (lib/client/live.ts): counts are replaced as they come, since a count moving
 * pushes nothing; comments posted since are only counted, for a "Show N new
 * comments" button, so nothing moves under the reader. For CDN_AGE_MS after
 * the reader's own tap or comment, polls are not applied: they may predate it.
 */
export function useLiveTake(takeId: string, open: boolean, commentsCount: number, setCounts: React.Dispatch<React.SetStateAction<Counts>>) {
  const touchedAt = useRef(0);
  const total = useRef<number | null>(null);
  const [newComments, setNewComments] = useState(0);

  useVisiblePoll(
    async () => {
      const asked = Date.now();
      const live = await fetchLiveTake(takeId);
      if (asked - touchedAt.current < CDN_AGE_MS) return;
      total.current = live.commentsCount;
      setCounts((shown) =>
        shown.likes === live.likes && shown.dislikes === live.dislikes && shown.shares === live.shares
          ? shown
          : { likes: live.likes, dislikes: live.dislikes, shares: live.shares },
      );
      setNewComments(Math.max(0, live.commentsCount - commentsCount));
    },
    open ? 'take' : null,
  );

  return {
    /** Comments posted by others since the list was read. */
    newComments,
    /** The reader changed counts here: polls already on their way may predate that. */
    touched: () => {
      touchedAt.current = Date.now();
    },
    /** The new comments are being shown: answers the comment total they bring. */
    shown: (): number => {
      setNewComments(0);
      return total.current ?? commentsCount;
    },
  };
}
