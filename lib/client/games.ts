import { apiFetch, type Answer } from '@/lib/client/api';

/** A day's slate in the reader's time zone: the composer offers today's games as a subject. */
export function fetchSlate(date: string, timeZone: string, signal?: AbortSignal): Promise<Answer<'slate'>> {
  return apiFetch(`/api/games?${new URLSearchParams({ date, tz: timeZone })}`, { signal, answer: 'slate' });
}

/** One page of a game's thread, newest first; with a signed-in fan's token it leaves out those they have hidden. */
export function fetchGameThreadPage(gameId: number, cursor: string | null, token: string | null): Promise<Answer<'gameThreadPage'>> {
  const query = cursor ? `?${new URLSearchParams({ cursor })}` : '';
  return apiFetch(`/api/games/${gameId}/takes${query}`, { token, answer: 'gameThreadPage' });
}
