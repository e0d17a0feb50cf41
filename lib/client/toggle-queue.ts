/** A choice the fan toggles or picks: a reaction, a favorite, a receipt vote. */
export type Choice = string | boolean | null;

export type ToggleQueueOptions<S extends Choice, A> = {
  /** What the server holds until this queue has sent anything: the state the page was rendered with. */
  server: S;
  /** The fan's token, or null when they are signed out. */
  getToken(): Promise<string | null>;
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

/**
 * One fan's choice on one thing, kept in step with the server as Bluesky's useToggleMutationQueue does. The caller
 * shows a tap at once and pushes its intent here. One request is in flight at a time; taps made meanwhile leave only
 * the latest intent waiting, sent when the request returns unless the server then already holds it; only the last
 * answer is handed on, and a failure drops what waits and hands back what the server last confirmed. `options` is
 * read at each step, so a component hands its latest callbacks.
 */
export function toggleQueue<S extends Choice, A>(options: () => ToggleQueueOptions<S, A>): (intent: S) => void {
  let confirmed: { value: S } | null = null;
  let waiting: { value: S } | null = null;
  let shown: { value: S } | null = null;
  let running = false;

  const drain = async () => {
    running = true;
    let answer: { value: A } | null = null;
    let from = confirmed ? confirmed.value : options().server;
    const fail = (error: unknown) => {
      waiting = null;
      running = false;
      options().onFailure(from, shown ? shown.value : from, error);
    };
    while (waiting) {
      const to = waiting.value;
      waiting = null;
      if (to === from) continue;
      try {
        const token = await options().getToken();
        if (!token) return fail(null);
        answer = { value: await options().send(to, from, token) };
      } catch (error) {
        return fail(error);
      }
      confirmed = { value: to };
      from = to;
    }
    running = false;
    if (answer) options().onAnswer(answer.value);
  };

  return (intent) => {
    waiting = { value: intent };
    shown = { value: intent };
    if (!running) void drain();
  };
}
