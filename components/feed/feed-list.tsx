'use client';

import { useEffect, useEffectEvent, useState } from 'react';
import { useAuth } from '@/components/auth/auth-provider';
import { TakeList } from '@/components/take-card/take-list';
import type { TakeDTO } from '@/lib/data/mappers';
import { fetchFeedPage, TAKE_CREATED_EVENT, type FeedOrder, type FeedPage } from './feed-page';
import styles from './feed-list.module.css';

/** How often the feed asks whether something newer was posted. */
const POLL_MS = 60_000;

type FeedListProps = FeedOrder & {
  initialTakes: TakeDTO[];
  initialCursor: string | null;
  /** The server could not read the first page; the reader can try again from here. */
  initialFailed?: boolean;
};

const newestTime = (takes: TakeDTO[]) => takes.reduce((max, t) => Math.max(max, Date.parse(t.createdAt)), 0);

function merge(current: TakeDTO[], more: TakeDTO[]): TakeDTO[] {
  const seen = new Set(current.map((t) => t._id));
  return [...current, ...more.filter((t) => !seen.has(t._id))];
}

/**
 * The home feed after its server-rendered first page: Load More, a take just
 * posted put on top, and a "New data available!" banner when a poll finds a
 * take newer than anything on screen.
 */
export function FeedList({ sort, timeRange, initialTakes, initialCursor, initialFailed = false }: FeedListProps) {
  const order = { sort, timeRange };
  const [takes, setTakes] = useState(initialTakes);
  const [cursor, setCursor] = useState(initialCursor);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(initialFailed);
  const [fresh, setFresh] = useState<FeedPage | null>(null);
  const { status, getToken } = useAuth();
  const token = () => (status === 'signed-in' ? getToken() : Promise.resolve(null));

  const loadMore = async () => {
    setLoading(true);
    setFailed(false);
    try {
      const page = await fetchFeedPage(order, cursor, undefined, await token());
      setTakes((current) => merge(current, page.takes));
      setCursor(page.cursor);
    } catch (error) {
      console.error('Could not load more takes', error);
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };

  const refresh = () => {
    if (!fresh) return;
    setTakes(fresh.takes);
    setCursor(fresh.cursor);
    setFresh(null);
    setFailed(false);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const onCreated = useEffectEvent((take: TakeDTO) => {
    setTakes((current) => [take, ...current.filter((t) => t._id !== take._id)]);
  });

  useEffect(() => {
    const listener = (event: Event) => {
      if (event instanceof CustomEvent && event.detail) onCreated(event.detail as TakeDTO);
    };
    window.addEventListener(TAKE_CREATED_EVENT, listener);
    return () => window.removeEventListener(TAKE_CREATED_EVENT, listener);
  }, []);

  const poll = useEffectEvent(async () => {
    try {
      const page = await fetchFeedPage(order, undefined, undefined, await token());
      const newest = newestTime(takes);
      if (page.takes.some((t) => Date.parse(t.createdAt) > newest)) setFresh(page);
    } catch (error) {
      // A missed poll is not worth interrupting anyone for; the next one may work.
      console.warn('Feed poll failed', error);
    }
  });

  useEffect(() => {
    // A hidden tab does not poll: nobody is there to see the banner.
    let timer: number | undefined;
    const stop = () => window.clearInterval(timer);
    const start = () => {
      stop();
      timer = window.setInterval(() => void poll(), POLL_MS);
    };
    const onVisibility = () => (document.hidden ? stop() : start());
    if (!document.hidden) start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);

  return (
    <>
      {fresh && (
        <div className={styles.banner} role="status">
          <span>New data available!</span>
          <button type="button" className="button button-primary" onClick={refresh}>
            Refresh
          </button>
        </div>
      )}
      {!(failed && takes.length === 0) && <TakeList takes={takes} emptyText="No takes yet. Be the first to post one!" />}
      <div className={styles.footer}>
        {failed && (
          <p className={styles.error} role="alert">
            Error loading posts.
          </p>
        )}
        {(cursor || (failed && takes.length === 0)) && (
          <button type="button" className="button button-secondary" onClick={loadMore} disabled={loading}>
            {loading ? 'Loading...' : cursor ? 'Load More' : 'Try again'}
          </button>
        )}
      </div>
    </>
  );
}
