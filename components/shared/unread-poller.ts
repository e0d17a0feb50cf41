import { isAbortError } from '@/lib/client/api';
import { fetchUnread, pollInterval } from '@/lib/client/live';
import { LIVE_BACKOFF_MAX_MS, LIVE_UNREAD_FULL_FACTOR, UNREAD_DISPLAY_MAX } from '@/lib/notifications/constants';

/** What a tab tells the fan's other tabs: the count, and when it was read. */
export type UnreadMessage = { uid: string; unread: number; at: number };
const CHANNEL = 'takes:unread';
const leaderLock = (uid: string) => `takes:unread-poll:${uid}`;

const isMessage = (data: unknown): data is UnreadMessage =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as UnreadMessage).uid === 'string' &&
  typeof (data as UnreadMessage).unread === 'number' &&
  typeof (data as UnreadMessage).at === 'number';

type UnreadPoll = {
  uid: string;
  /** The count this tab shows as it starts (the server's render), or null when it has none. */
  shown: number | null;
  /** The fan's ID token, or null when there is none (nothing is read then). */
  token(): Promise<string | null>;
  /** Shows a count read here, and tells the fan's other tabs. */
  publish(unread: number): void;
  /** A count another tab read. */
  heard(unread: number): void;
  /** The channel to the fan's other tabs, for the provider's own messages (set here, cleared on stop). */
  channel: { current: BroadcastChannel | null };
};

/**
 * The signed-in fan's unread count, kept by one poll for all their tabs
 * (components/shared/unread-context.tsx says how). Loaded apart from the
 * provider, once someone is signed in. Returns the function that stops it.
 */
export function pollUnread({ uid, shown, token, publish, heard, channel }: UnreadPoll): () => void {
  const every = pollInterval('unread');
  const aborts = new AbortController();
  const bus = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  channel.current = bus;
  // When any of the fan's tabs last learnt the count, and what it was: a new leader goes on from there.
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
    heard(message.unread);
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
      const idToken = await token();
      if (idToken) {
        const { unread } = await fetchUnread(idToken, aborts.signal);
        publish(unread);
        last = { at: Date.now(), unread };
      }
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
}
