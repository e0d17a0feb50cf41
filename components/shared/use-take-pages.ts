import dynamic from 'next/dynamic';
import { useEffect, useEffectEvent, useState } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { useMarksLoader } from '@/components/shared/use-marks-loader';
import { TAKE_CREATED_EVENT } from '@/lib/client/takes';
import { isWholeTake } from '@/lib/filters/listed';
import { mergeMarks, type Marks } from '@/lib/reactions/marks';
import type { ListedTake, TakeDTO } from '@/lib/validation/takes';

/** Takes loaded in the browser, with the viewer's marks on them. */
export type Loaded = { takes: ListedTake[]; marks: Marks | null };
/** One page of a list as its API answers it: its takes, and the cursor of the page after it. */
export type TakePage = { takes: ListedTake[]; cursor: string | null };

// Cards rendered in the browser (Load More, a first page read again, a take just posted) load their code when first
// needed: the first page's cards come rendered from the server.
const loadCards = () => import('@/components/take-card/take-list');
export const LoadedTakes = dynamic(() => loadCards().then((m) => m.TakeItems));

const NOTHING: Loaded = { takes: [], marks: null };
const newestTime = (takes: ListedTake[]) => takes.reduce((max, t) => Math.max(max, Date.parse(t.createdAt)), 0);

/**
 * A list of takes below its server-rendered first page, as the feed and a game's thread keep one: the first page
 * (the server's cards until `showFirstPage` reads it again here), takes the viewer just posted on top, and the pages
 * Load More adds by cursor, merged by id (a take whose sort key moved can cross the cursor).
 */
export function useTakePages({
  initial,
  failed: initialFailed = false,
  onPosted,
}: {
  /** The first page as the server rendered it: its take ids, its newest take's time, the next page's cursor. */
  initial: { ids: string[]; newest: number; cursor: string | null };
  /** The server could not read the first page. */
  failed?: boolean;
  /** Sees each take the viewer posts (TAKE_CREATED_EVENT); true puts it on top of this list. */
  onPosted?: (take: TakeDTO) => boolean;
}) {
  const loadMarks = useMarksLoader();
  const { status, getToken } = useAuth();
  const [base, setBase] = useState<Loaded | null>(null);
  const [posted, setPosted] = useState<TakeDTO[]>([]);
  const [more, setMore] = useState<Loaded>(NOTHING);
  const [cursor, setCursor] = useState(initial.cursor);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(initialFailed);
  const token = () => (status === 'signed-in' ? getToken() : Promise.resolve(null));

  const shownIds = new Set([...posted, ...(base?.takes ?? []), ...more.takes].map((t) => t._id).concat(base ? [] : initial.ids));
  /** The newest take on screen, by the time it was posted. */
  const newestShown = Math.max(base ? 0 : initial.newest, newestTime(base?.takes ?? []), newestTime(posted), newestTime(more.takes));

  /** A page with the viewer's marks on its whole takes, so its cards appear as they are. */
  const withMarks = async (takes: ListedTake[]): Promise<Loaded> => ({
    takes,
    marks: await loadMarks(takes.filter(isWholeTake).map((t) => t._id)),
  });

  const loadMore = async (read: (cursor: string | null, token: string | null) => Promise<TakePage>) => {
    setLoading(true);
    setFailed(false);
    void loadCards();
    try {
      const page = await read(cursor, await token());
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

  /** The first page read again in place of everything shown; throws, leaving the list as it was, when it cannot be read. */
  const showFirstPage = async (read: (token: string | null) => Promise<TakePage>) => {
    void loadCards();
    const page = await read(await token());
    setBase(await withMarks(page.takes));
    setPosted([]);
    setMore(NOTHING);
    setCursor(page.cursor);
    setFailed(false);
  };

  const onCreated = useEffectEvent((take: TakeDTO) => {
    if (onPosted && !onPosted(take)) return;
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

  return { base, posted, more, cursor, loading, failed, shownIds, newestShown, loadMore, showFirstPage };
}
