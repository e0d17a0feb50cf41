'use client';

import dynamic from 'next/dynamic';
import { useEffect, useEffectEvent, useState } from 'react';
import { useAuth } from '@/components/auth/auth-provider';
import { NoTakes, TakeListFrame } from '@/components/take-card/take-list-frame';
import { useMarksLoader } from '@/components/take-card/use-marks-loader';
import { mergeMarks, type Marks } from '@/lib/marks';
import type { TakeDTO } from '@/lib/validation/takes';
import { fetchFeedPage, TAKE_CREATED_EVENT, type FeedOrder, type FeedPage } from './feed-page';
import styles from './feed-list.module.css';

/** How often the feed asks whether something newer was posted. */
const POLL_MS = 60_000;

// Cards rendered in the browser (Load More, Refresh, a take just posted) load their code when first needed.
const loadCards = () => import('@/components/take-card/take-list');
const LoadedTakes = dynamic(() => loadCards().then((m) => m.TakeItems));

/** Takes loaded in the browser, with the reader's marks on them. */
type Loaded = { takes: TakeDTO[]; marks: Marks | null };

type FeedListProps = FeedOrder & {
  /** The first page as the server rendered it: its take ids and its newest take's time. */
  initial: { ids: string[]; newest: number };
  initialCursor: string | null;
  /** The server could not read the first page; the reader can try again from here. */
  initialFailed?: boolean;
  /** The first page's cards, rendered on the server with the reader's marks. */
  children: React.ReactNode;
};

const newestTime = (takes: TakeDTO[]) => takes.reduce((max, t) => Math.max(max, Date.parse(t.createdAt)), 0);

/**
 * The home feed after its server-rendered first page: Load More, a take just
 * posted put on top, and a "New data available!" banner when a poll finds a
 * take newer than anything on screen.
 */
export function FeedList({ sort, timeRange, initial, initialCursor, initialFailed = false, children }: FeedListProps) {
  const order = { sort, timeRange };
  const loadMarks = useMarksLoader();
  // What the server rendered, until Refresh replaces it with a page loaded here.
  const [base, setBase] = useState<Loaded | null>(null);
  const [posted, setPosted] = useState<TakeDTO[]>([]);
  const [more, setMore] = useState<Loaded>({ takes: [], marks: null });
  const [cursor, setCursor] = useState(initialCursor);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(initialFailed);
  const [fresh, setFresh] = useState<FeedPage | null>(null);
  const { status, getToken } = useAuth();
  const token = () => (status === 'signed-in' ? getToken() : Promise.resolve(null));

  const shownIds = new Set([...posted, ...(base?.takes ?? []), ...more.takes].map((t) => t._id).concat(base ? [] : initial.ids));
  const shownCount = shownIds.size;

  /** A page with the reader's marks on it, so its cards appear as they are. */
  const withMarks = async (takes: TakeDTO[]): Promise<Loaded> => ({ takes, marks: await loadMarks(takes.map((t) => t._id)) });

  const loadMore = async () => {
    setLoading(true);
    setFailed(false);
    void loadCards();
    try {
      const page = await fetchFeedPage(order, cursor, undefined, await token());
      // Takes whose score changed can cross the cursor: pages are merged by id.
      const added = await withMarks(page.takes.filter((t) => !shownIds.has(t._id)));
      setMore((current) => ({ takes: [...current.takes, ...added.takes], marks: mergeMarks(current.marks, added.marks) }));
      setCursor(page.cursor);
    } catch (error) {
      console.error('Could not load more takes', error);
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };

  const refresh = async () => {
    if (!fresh) return;
    void loadCards();
    const page = fresh;
    setFresh(null);
    setBase(await withMarks(page.takes));
    setPosted([]);
    setMore({ takes: [], marks: null });
    setCursor(page.cursor);
    setFailed(false);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const onCreated = useEffectEvent((take: TakeDTO) => {
    void loadCards();
    setPosted((current) => [take, ...current.filter((t) => t._id !== take._id)]);
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
      const newest = Math.max(base ? 0 : initial.newest, newestTime(base?.takes ?? []), newestTime(posted), newestTime(more.takes));
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
          <button type="button" className="button button-primary" onClick={() => void refresh()}>
            Refresh
          </button>
        </div>
      )}
      {shownCount > 0 ? (
        <TakeListFrame>
          {posted.length > 0 && <LoadedTakes takes={posted} marks={null} />}
          {base ? <LoadedTakes takes={base.takes} marks={base.marks} /> : children}
          {more.takes.length > 0 && <LoadedTakes takes={more.takes} marks={more.marks} />}
        </TakeListFrame>
      ) : (
        !failed && <NoTakes text="No takes yet. Be the first to post one!" />
      )}
      <div className={styles.footer}>
        {failed && (
          <p className={styles.error} role="alert">
            Error loading posts.
          </p>
        )}
        {(cursor || (failed && shownCount === 0)) && (
          <button type="button" className="button button-secondary" onClick={loadMore} disabled={loading}>
            {loading ? 'Loading...' : cursor ? 'Load More' : 'Try again'}
          </button>
        )}
      </div>
    </>
  );
}
