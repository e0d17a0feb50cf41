import { ApiError, parseAnswer, type Answer } from '@/lib/client/api';
import { LIVE_POLL_MS } from '@/lib/notifications/constants';
import { publicEnv } from '@/lib/public-env';

/**
 * The polls of live updates (docs/features.md#live-updates). Each asks the browser's
 * cache to check with the server (`no-cache`): the browser sends the ETag it
 * holds, the server answers 304 when nothing changed, and the call still
 * resolves with the body the browser kept.
 */
async function poll<K extends 'newestTakeAnswer' | 'liveTakeAnswer' | 'unreadAnswer' | 'liveGameAnswer'>(
  path: string,
  answer: K,
  token?: string,
  signal?: AbortSignal,
): Promise<Answer<K>> {
  const response = await fetch(path, {
    cache: 'no-cache',
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    signal,
  });
  if (!response.ok) throw new ApiError(response.status, `GET ${path} answered ${response.status}`);
  return parseAnswer(answer, await response.json());
}

/** The feed's newest take (its id and time), or null while there are none. */
export function fetchNewestTake(signal?: AbortSignal): Promise<Answer<'newestTakeAnswer'>> {
  return poll('/api/takes/newest', 'newestTakeAnswer', undefined, signal);
}

/** A take's likes, dislikes, shares and comment total as they are now. */
export function fetchLiveTake(takeId: string, signal?: AbortSignal): Promise<Answer<'liveTakeAnswer'>> {
  return poll(`/api/takes/${encodeURIComponent(takeId)}/live`, 'liveTakeAnswer', undefined, signal);
}

/**
 * A game's status and score, and its thread's newest take and size; with the fan's token, as their spoiler shield
 * shows it (no score while it covers the game).
 */
export function fetchLiveGame(gameId: number, token?: string, signal?: AbortSignal): Promise<Answer<'liveGameAnswer'>> {
  return poll(`/api/games/${gameId}/live`, 'liveGameAnswer', token, signal);
}

/** The signed-in fan's unread notifications, up to 10. */
export function fetchUnread(token: string, signal?: AbortSignal): Promise<Answer<'unreadAnswer'>> {
  return poll('/api/notifications/unread', 'unreadAnswer', token, signal);
}

/** The localStorage key with which browser tests shorten every poll's wait. */
export const TEST_POLL_KEY = 'takes:test-poll-ms';

/**
 * How long a visible page waits between polls of `kind`. Browser tests set a
 * shorter wait in localStorage, read only by builds that talk to the auth
 * emulator (development and tests), so no visitor of the site can change it.
 */
export function pollInterval(kind: keyof typeof LIVE_POLL_MS): number {
  if (publicEnv().authEmulatorHost) {
    const shortened = Number(window.localStorage.getItem(TEST_POLL_KEY));
    if (Number.isInteger(shortened) && shortened > 0) return shortened;
  }
  return LIVE_POLL_MS[kind];
}
