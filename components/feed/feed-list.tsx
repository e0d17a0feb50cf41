'use client';

import { useRef, useState } from 'react';
import { NoTakes, TakeListFrame } from '@/components/take-card/take-list-frame';
import { LoadedTakes, useTakePages } from '@/components/shared/use-take-pages';
import { useVisiblePoll } from '@/components/shared/use-visible-poll';
import { fetchNewestTake } from '@/lib/client/live';
import { fetchFeedPage, type FeedOrder } from '@/lib/client/takes';
import { ListFooter } from '@/components/ui/list-footer';
import styles from './feed-list.module.css';
import { Button } from '@/components/ui/button';

type FeedListProps = FeedOrder & {
  /** The first page as the server rendered it: its take ids and its newest take's time. */
  initial: { ids: string[]; newest: number };
  initialCursor: string | null;
  /** The server could not read the first page; the reader can try again from here. */
  initialFailed?: boolean;
  /** The first page's cards, rendered on the server with the reader's marks. */
  children: React.ReactNode;
};

/**
 * The home feed after its server-rendered first page: Load More, a take just
 * posted put on top, and a "New data available!" banner when a poll of the
 * newest take (lib/client/live.ts) finds one newer than anything on screen;
 * polling stops while the banner shows, and Refresh reads the page.
 */
export function FeedList({ sort, timeRange, initial, initialCursor, initialFailed = false, children }: FeedListProps) {
  const order = { sort, timeRange };
  const { base, posted, more, cursor, loading, failed, shownIds, newestShown, loadMore, showFirstPage } = useTakePages({
    initial: { ...initial, cursor: initialCursor },
    failed: initialFailed,
  });
  const [fresh, setFresh] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  // The newest take the banner announced, and the newest a refresh acknowledged: on Hot a take just posted can rank
  // below the first page, and must not bring the banner back after every Refresh.
  const announced = useRef(0);
  const [acknowledged, setAcknowledged] = useState(0);
  const shownCount = shownIds.size;

  /** The page is read only now, when the reader asks for it: the poll read nothing but the newest take. */
  const refresh = async () => {
    setRefreshing(true);
    try {
      await showFirstPage((token) => fetchFeedPage(order, undefined, undefined, token));
      setFresh(false);
      setAcknowledged(announced.current);
      window.scrollTo({ top: 0, behavior: 'smooth' });
    } catch (error) {
      // The banner stays, so the reader can try again.
      console.error('Could not refresh the feed', error);
    } finally {
      setRefreshing(false);
    }
  };

  // Hot and New put a take just posted at or near the top; the other orders move only with reactions, which no
  // list announces, so they have nothing to poll for.
  useVisiblePoll(
    async () => {
      const { newest } = await fetchNewestTake();
      const shown = Math.max(newestShown, acknowledged);
      if (!newest || Date.parse(newest.createdAt) <= shown || shownIds.has(newest._id)) return;
      announced.current = Date.parse(newest.createdAt);
      setFresh(true);
    },
    (sort === 'hot' || sort === 'new') && !fresh ? 'feed' : null,
  );

  return (
    <>
      {/* A slot of no height: the banner floats over the list rather than pushing it down under the reader. */}
      <div className={styles.bannerSlot}>
        {fresh && (
          <div className={styles.banner} role="status">
            <span>New data available!</span>
            <Button type="button" variant="primary" onClick={() => void refresh()} disabled={refreshing}>
              Refresh
            </Button>
          </div>
        )}
      </div>
      {shownCount > 0 ? (
        <TakeListFrame>
          {posted.length > 0 && <LoadedTakes takes={posted} marks={null} />}
          {base ? <LoadedTakes takes={base.takes} marks={base.marks} /> : children}
          {more.takes.length > 0 && <LoadedTakes takes={more.takes} marks={more.marks} />}
        </TakeListFrame>
      ) : (
        !failed && <NoTakes text="No takes yet. Be the first to post one!" />
      )}
      <ListFooter
        error={failed ? 'Error loading posts.' : null}
        action={
          cursor || (failed && shownCount === 0)
            ? {
                label: cursor ? 'Load More' : 'Try again',
                busy: loading,
                onClick: () => void loadMore((after, token) => fetchFeedPage(order, after, undefined, token)),
              }
            : undefined
        }
      />
    </>
  );
}
