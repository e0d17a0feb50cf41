'use client';

import dynamic from 'next/dynamic';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { NoTakes, TakeListFrame } from '@/components/take-card/take-list-frame';
import { useVisiblePoll } from '@/components/shared/use-visible-poll';
import { useMarksLoader } from '@/components/shared/use-marks-loader';
import { fetchNewestTake } from '@/lib/client/live';
import { mergeMarks, type Marks } from '@/lib/marks';
import type { ListedTake, TakeDTO } from '@/lib/validation/takes';
import { fetchFeedPage, TAKE_CREATED_EVENT, type FeedOrder } from '@/lib/client/takes';
import styles from './feed-list.module.css';

// Cards rendered in the browser (Load More, Refresh, a take just posted) load their code when first needed.
const loadCards = () => import('@/components/take-card/take-list');
const LoadedTakes = dynamic(() => loadCards().then((m) => m.TakeItems));

/** Takes loaded in the browser, with the reader's marks on them. */
type Loaded = { takes: ListedTake[]; marks: Marks | null };

type FeedListProps = FeedOrder & {
  /** The first page as the server rendered it: its take ids and its newest take's time. */
  initial: { ids: string[]; newest: number };
  initialCursor: string | null;
  /** The server could not read the first page; the reader can try again from here. */
  initialFailed?: boolean;
  /** The first page's cards, rendered on the server with the reader's marks. */
  children: React.ReactNode;
};

const newestTime = (takes: ListedTake[]) => takes.reduce((max, t) => Math.max(max, Date.parse(t.createdAt)), 0);

/**
 * The home feed after its server-rendered first page: Load More, a take just
 * posted put on top, and a "New data available!" banner when a poll of the
 * newest take (lib/client/live.ts) finds one newer than anything on screen;
 * polling stops while the banner shows, and Refresh reads the page.
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
  const [fresh, setFresh] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  // The newest take the banner announced, and the newest a refresh acknowledged: on Hot a take just posted can rank
  // below the first page, and must not bring the banner back after every Refresh.
  const announced = useRef(0);
  const [acknowledged, setAcknowledged] = useState(0);
  const { status, getToken } = useAuth();
  const token = () => (status === 'signed-in' ? getToken() : Promise.resolve(null));

  const shownIds = new Set([...posted, ...(base?.takes ?? []), ...more.takes].map((t) => t._id).concat(base ? [] : initial.ids));
  const shownCount = shownIds.size;

  /** A page with the reader's marks on it, so its cards appear as they are. */
  const withMarks = async (takes: ListedTake[]): Promise<Loaded> => ({ takes, marks: await loadMarks(takes.map((t) => t._id)) });

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

  /** The page is read only now, when the reader asks for it: the poll read nothing but the newest take. */
  const refresh = async () => {
    setRefreshing(true);
    void loadCards();
    try {
      const page = await fetchFeedPage(order, undefined, undefined, await token());
      setBase(await withMarks(page.takes));
      setPosted([]);
      setMore({ takes: [], marks: null });
      setCursor(page.cursor);
      setFailed(false);
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

  // Hot and New put a take just posted at or near the top; the other orders move only with reactions, which no
  // list announces, so they have nothing to poll for.
  useVisiblePoll(
    async () => {
      const { newest } = await fetchNewestTake();
      const shown = Math.max(
        base ? 0 : initial.newest,
        acknowledged,
        newestTime(base?.takes ?? []),
        newestTime(posted),
        newestTime(more.takes),
      );
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
            <button type="button" className="button button-primary" onClick={() => void refresh()} disabled={refreshing}>
              Refresh
            </button>
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
