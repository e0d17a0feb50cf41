'use client';

import { useCallback, useEffect, useRef } from 'react';
import { useAuth } from './auth-provider';

/** A choice the fan toggles or picks: a reaction, a favorite, a receipt vote. */
type Choice = string | boolean | null;

type ToggleQueueOptions<S extends Choice, A> = {
  /** What the server holds until this queue has sent anything: the state the page was rendered with. */
  server: S;
  /** Sends what takes the server from `from` to `to` (never equal), with the fan's token. */
  send(to: S, from: S, token: string): Promise<A>;
  /** The answer of the last request, once no newer intent waits: the server's numbers replace the local guess. */
  onAnswer(answer: A): void;
  /**
   * A request failed (`error`), or the fan has no token any more (`error` null): the screen, showing `shown`, goes
   * back to `confirmed`, what the server holds.
   */
  onFailure(confirmed: S, shown: S, error: unknown): void;
};

type Queue<S> = { confirmed: { value: S } | null; waiting: { value: S } | null; shown: { value: S } | null; running: boolean };

/**
 * One fan's choice on one thing, kept in step with the server as Bluesky's useToggleMutationQueue does. The caller
 * shows a tap at once and hands its intent here. One request is in flight at a time; taps made meanwhile leave only
 * the latest intent waiting, sent when the request returns unless the server then already holds it; only the last
 * answer is shown, and a failure drops what waits and hands back what the server last confirmed.
 */
export function useToggleQueue<S extends Choice, A>(options: ToggleQueueOptions<S, A>): (intent: S) => void {
  const { getToken } = useAuth();
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const queue = useRef<Queue<S>>({ confirmed: null, waiting: null, shown: null, running: false });

  const drain = useCallback(async () => {
    const q = queue.current;
    q.running = true;
    let answer: { value: A } | null = null;
    let from = q.confirmed ? q.confirmed.value : latest.current.server;
    const fail = (error: unknown) => {
      q.waiting = null;
      q.running = false;
      latest.current.onFailure(from, q.shown ? q.shown.value : from, error);
    };
    while (q.waiting) {
      const to = q.waiting.value;
      q.waiting = null;
      if (to === from) continue;
      try {
        const token = await getToken();
        if (!token) return fail(null);
        answer = { value: await latest.current.send(to, from, token) };
      } catch (error) {
        return fail(error);
      }
      q.confirmed = { value: to };
      from = to;
    }
    q.running = false;
    if (answer) latest.current.onAnswer(answer.value);
  }, [getToken]);

  return useCallback(
    (intent: S) => {
      const q = queue.current;
      q.waiting = { value: intent };
      q.shown = { value: intent };
      if (!q.running) void drain();
    },
    [drain],
  );
}
