'use client';

import { createContext, useCallback, useContext, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useAuth } from '@/components/auth/auth-provider';
import { apiFetch, isAbortError } from '@/lib/client/api';
import { UNREAD_POLL_MS } from '@/lib/constants';

type UnreadContextValue = {
  /** Unread notifications (up to 10; the bell shows 9+), or null while unknown or signed out. */
  unread: number | null;
  /** Asks the server again, e.g. after something here may have changed it. */
  refresh(): void;
  /** Takes the count a write answered with (marking read answers it). */
  setUnread(count: number): void;
};

const UnreadContext = createContext<UnreadContextValue | null>(null);

/**
 * The bell's unread count: in the page as the server rendered it for the
 * signed-in reader, then read again when the tab comes back into view or
 * regains focus, and every UNREAD_POLL_MS while it is visible: cheap (an index
 * count that stops at 10) and never per render. A reader the server did not
 * know (signed in since) has it read once at once.
 */
export function UnreadProvider({ initialUnread, children }: { initialUnread: number | null; children: React.ReactNode }) {
  const { status, user, getToken } = useAuth();
  const uid = status === 'signed-in' ? (user?.firebaseUID ?? null) : null;
  const [count, setCount] = useState<{ uid: string; unread: number } | null>(() =>
    uid && initialUnread !== null ? { uid, unread: initialUnread } : null,
  );
  const inFlight = useRef<AbortController | null>(null);

  const refresh = useCallback(async () => {
    if (!uid) return;
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    try {
      const token = await getToken();
      if (!token) return;
      const { unread } = await apiFetch('/api/notifications/unread', { token, signal: controller.signal, answer: 'unreadAnswer' });
      setCount({ uid, unread });
    } catch (error) {
      // A missed refresh shows the last count; the next focus or tick tries again.
      if (!isAbortError(error)) console.warn('Could not refresh the unread count', error);
    }
  }, [uid, getToken]);

  const readIfUnknown = useEffectEvent(() => {
    if (count?.uid !== uid) void refresh();
  });

  useEffect(() => {
    if (!uid) return;
    let timer: number | undefined;
    const stop = () => window.clearInterval(timer);
    const start = () => {
      stop();
      timer = window.setInterval(() => void refresh(), UNREAD_POLL_MS);
    };
    const onVisibility = () => {
      if (document.hidden) return stop();
      void refresh();
      start();
    };
    const onFocus = () => void refresh();
    // The first read as soon as a reader the page was not rendered for is known, out of the effect's own turn.
    const first = window.setTimeout(readIfUnknown, 0);
    if (!document.hidden) start();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('focus', onFocus);
    return () => {
      stop();
      window.clearTimeout(first);
      inFlight.current?.abort();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('focus', onFocus);
    };
  }, [uid, refresh]);

  const value = useMemo<UnreadContextValue>(
    () => ({
      unread: uid && count?.uid === uid ? count.unread : null,
      refresh: () => void refresh(),
      setUnread: (unread) => {
        if (uid) setCount({ uid, unread });
      },
    }),
    [uid, count, refresh],
  );
  return <UnreadContext.Provider value={value}>{children}</UnreadContext.Provider>;
}

export function useUnread(): UnreadContextValue {
  const value = useContext(UnreadContext);
  if (!value) throw new Error('useUnread must be used inside <UnreadProvider>');
  return value;
}
