'use client';

import { createContext, useCallback, useContext, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useAuth } from './auth-provider';
import { isAbortError } from '@/lib/client/api';
import { fetchUnread, pollInterval } from '@/lib/client/live';
import { LIVE_BACKOFF_MAX_MS, LIVE_UNREAD_FULL_FACTOR, UNREAD_DISPLAY_MAX } from '@/lib/constants';

type UnreadContextValue = {
  /** Unread notifications (up to 10; the bell shows 9+), or null while unknown or signed out. */
  unread: number | null;
  /** Takes the count a write answered with (marking read answers it), in every tab of the fan's. */
  setUnread(count: number): void;
};

const UnreadContext = createContext<UnreadContextValue | null>(null);

/** What a tab tells the fan's other tabs: the count, and when it was read. */
type UnreadMessage = { uid: string; unread: number; at: number };
const CHANNEL = 'takes:unread';
const leaderLock = (uid: string) => `takes:unread-poll:${uid}`;

const isMessage = (data: unknown): data is UnreadMessage =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as UnreadMessage).uid === 'string' &&
  typeof (data as UnreadMessage).unread === 'number' &&
  typeof (data as UnreadMessage).at === 'number';

/**
 * The bell's unread count: in the page as the server rendered it for the
 * signed-in reader, then kept by one poll for all of the fan's tabs, as
 * Bluesky does. The visible tab that holds a Web Lock is the leader and polls
 * (lib/client/live.ts: ETag, mostly 304s); every tab hears the count over a
 * BroadcastChannel, and so hears at once when the fan reads their
 * notifications in another. A hidden tab gives up the lock and asks nothing;
 * a tab coming into view takes it over if nobody visible holds it, polling at
 * once only if the last read by any tab is older than the interval; a window
 * regaining focus reads at once. The wait grows fourfold once the bell shows
 * 9+ (one more cannot show) and doubles after each failure. Without Web Locks
 * each visible tab polls for itself.
 */
export function UnreadProvider({ initialUnread, children }: { initialUnread: number | null; children: React.ReactNode }) {
  const { status, user, getToken } = useAuth();
  const uid = status === 'signed-in' ? (user?.firebaseUID ?? null) : null;
  const [count, setCount] = useState<{ uid: string; unread: number } | null>(() =>
    uid && initialUnread !== null ? { uid, unread: initialUnread } : null,
  );
  const channel = useRef<BroadcastChannel | null>(null);

  /** Shows a count here and tells the fan's other tabs. */
  const publish = useCallback(
    (unread: number) => {
      if (!uid) return;
      setCount((shown) => (shown?.uid === uid && shown.unread === unread ? shown : { uid, unread }));
      channel.current?.postMessage({ uid, unread, at: Date.now() } satisfies UnreadMessage);
    },
    [uid],
  );

  const read = useEffectEvent(async (signal: AbortSignal): Promise<number | null> => {
    const token = await getToken();
    if (!token) return null;
    const { unread } = await fetchUnread(token, signal);
    publish(unread);
    return unread;
  });

  const shownAtStart = useEffectEvent(() => (count?.uid === uid ? count.unread : null));

  useEffect(() => {
    if (!uid) return;
    const every = pollInterval('unread');
    const aborts = new AbortController();
    const bus = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
    channel.current = bus;
    // When any of the fan's tabs last learnt the count, and what it was: a new leader goes on from there.
    const shown = shownAtStart();
    let last = { at: shown === null ? 0 : Date.now(), unread: shown ?? 0 };
    let failures = 0;
    let timer: number | undefined;
    let leading: (() => void) | null = null;
    let waiting: AbortController | null = null;
    // Read through a call: the flag changes while a read is on its way.
    const isLeading = () => leading !== null;

    bus?.addEventListener('message', (event: MessageEvent<unknown>) => {
      const message = event.data;
      if (!isMessage(message) || message.uid !== uid) return;
      last = { at: message.at, unread: message.unread };
      setCount((current) => (current?.uid === uid && current.unread === message.unread ? current : { uid, unread: message.unread }));
    });

    const wait = () =>
      Math.min(every * (last.unread > UNREAD_DISPLAY_MAX ? LIVE_UNREAD_FULL_FACTOR : 1) * 2 ** failures, LIVE_BACKOFF_MAX_MS);
    const schedule = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(tick, Math.max(0, last.at + wait() - Date.now()));
    };
    /** Reads the count now and tells the other tabs; the leader then waits a whole interval again. */
    const readNow = async () => {
      try {
        const unread = await read(aborts.signal);
        if (unread !== null) last = { at: Date.now(), unread };
        failures = 0;
      } catch (error) {
        if (isAbortError(error)) return;
        // A missed read shows the last count; the next one tries again, later.
        failures += 1;
        last = { ...last, at: Date.now() };
        console.warn('Could not refresh the unread count', error);
      }
      if (isLeading()) schedule();
    };
    const tick = () => {
      if (isLeading() && !document.hidden) void readNow();
    };
    // A tab the fan comes back to (its window regains focus) asks at once, whichever tab leads: one more 304 at most.
    const onFocus = () => void readNow();

    const lead = () => {
      if (document.hidden || leading || waiting) return;
      if (!('locks' in navigator)) {
        leading = () => undefined;
        schedule();
        return;
      }
      const request = new AbortController();
      waiting = request;
      navigator.locks
        .request(leaderLock(uid), { signal: request.signal }, () => {
          waiting = null;
          // Held until this tab resigns (hidden, signed out or gone); the next visible tab then takes over.
          return new Promise<void>((release) => {
            leading = release;
            schedule();
          });
        })
        .catch(() => undefined);
    };
    const resign = () => {
      waiting?.abort();
      waiting = null;
      leading?.();
      leading = null;
      window.clearTimeout(timer);
    };
    const onVisibility = () => (document.hidden ? resign() : lead());

    lead();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('focus', onFocus);
    return () => {
      resign();
      aborts.abort();
      bus?.close();
      channel.current = null;
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('focus', onFocus);
    };
  }, [uid]);

  const value = useMemo<UnreadContextValue>(
    () => ({
      unread: uid && count?.uid === uid ? count.unread : null,
      setUnread: publish,
    }),
    [uid, count, publish],
  );
  return <UnreadContext.Provider value={value}>{children}</UnreadContext.Provider>;
}

export function useUnread(): UnreadContextValue {
  const value = useContext(UnreadContext);
  if (!value) throw new Error('useUnread must be used inside <UnreadProvider>');
  return value;
}
