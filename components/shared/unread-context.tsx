'use client';

import { createContext, useCallback, useContext, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useAuth } from './auth-provider';
import type { UnreadMessage } from './unread-poller';

type UnreadContextValue = {
  /** Unread notifications (up to 10; the bell shows 9+), or null while unknown or signed out. */
  unread: number | null;
  /** Takes the count a write answered with (marking read answers it), in every tab of the fan's. */
  setUnread(count: number): void;
};

const UnreadContext = createContext<UnreadContextValue | null>(null);

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

  const token = useEffectEvent(() => getToken());
  const told = useEffectEvent((unread: number) => publish(unread));

  const shownAtStart = useEffectEvent(() => (count?.uid === uid ? count.unread : null));

  useEffect(() => {
    if (!uid) return;
    let stop: (() => void) | undefined;
    let ended = false;
    // The tabs' election and the polls load once a fan is signed in: a visitor's page never runs them.
    void import('./unread-poller')
      .then(({ pollUnread }) => {
        if (ended) return;
        stop = pollUnread({
          uid,
          shown: shownAtStart(),
          token: () => token(),
          publish: (unread) => told(unread),
          heard: (unread) => setCount((current) => (current?.uid === uid && current.unread === unread ? current : { uid, unread })),
          channel,
        });
      })
      .catch((error: unknown) => console.warn('Could not start the unread count', error));
    return () => {
      ended = true;
      stop?.();
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
