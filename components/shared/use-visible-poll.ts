'use client';

import { useEffect, useEffectEvent } from 'react';
import { pollInterval } from '@/lib/client/live';
import { LIVE_BACKOFF_MAX_MS, type LIVE_POLL_MS } from '@/lib/notifications/constants';

/**
 * Calls `poll` every LIVE_POLL_MS[kind] while the tab is visible, and not at
 * all while it is hidden: nobody is there to see what changed. Back in view,
 * it polls at once if a whole interval has passed, else when it ends. A poll
 * that throws doubles the wait, up to LIVE_BACKOFF_MAX_MS, so a server in
 * trouble is not asked harder. `kind` null stops polling (a banner already
 * says there is something new).
 */
export function useVisiblePoll(poll: () => Promise<void>, kind: keyof typeof LIVE_POLL_MS | null): void {
  const run = useEffectEvent(poll);
  useEffect(() => {
    if (kind === null) return;
    const every = pollInterval(kind);
    let timer: number | undefined;
    let last = Date.now();
    let failures = 0;
    let active = true;
    const schedule = (wait: number) => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void tick(), wait);
    };
    const tick = async () => {
      if (document.hidden) return;
      last = Date.now();
      try {
        await run();
        failures = 0;
      } catch (error) {
        // A missed poll is not worth interrupting anyone for; the next one may work.
        failures += 1;
        console.warn('Live poll failed', error);
      }
      if (active && !document.hidden) schedule(Math.min(every * 2 ** failures, LIVE_BACKOFF_MAX_MS));
    };
    const onVisibility = () => {
      if (document.hidden) window.clearTimeout(timer);
      else schedule(Math.max(0, last + every - Date.now()));
    };
    if (!document.hidden) schedule(every);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      active = false;
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [kind]);
}
