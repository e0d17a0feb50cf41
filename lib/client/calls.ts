import { apiFetch, type Answer } from '@/lib/client/api';

/** The browser's calls about calls (docs/product.md#calls): the games the composer offers, and a fan's saves. */

/** The games a call can be made on for a focus: a team's or a player's team's next ones, or the league's of the next day and a half. */
export function fetchCallGames(
  focus: { game?: number; team?: number; player?: number },
  signal?: AbortSignal,
): Promise<Answer<'callGames'>> {
  const query = new URLSearchParams();
  if (focus.game !== undefined) query.set('game', String(focus.game));
  if (focus.team !== undefined) query.set('team', String(focus.team));
  if (focus.player !== undefined) query.set('player', String(focus.player));
  const suffix = query.size ? `?${query}` : '';
  return apiFetch(`/api/calls/games${suffix}`, { signal, answer: 'callGames' });
}

/** Whether the signed-in fan saved a take (and asked to be told when its call settles). */
export function fetchSaveState(takeId: string, token: string): Promise<Answer<'saveState'>> {
  return apiFetch(`/api/takes/${takeId}/save`, { token, answer: 'saveState' });
}

/** Saves a take privately; `notify`: tell me when its call settles. Saving again only changes `notify`. */
export function saveTake(takeId: string, notify: boolean, token: string): Promise<Answer<'saveState'>> {
  return apiFetch(`/api/takes/${takeId}/save`, { method: 'POST', body: { notify }, token, answer: 'saveState' });
}

export function unsaveTake(takeId: string, token: string): Promise<Answer<'saveState'>> {
  return apiFetch(`/api/takes/${takeId}/save`, { method: 'DELETE', token, answer: 'saveState' });
}

/** A page of the signed-in fan's Saved list. */
export function fetchSavedTakes(cursor: string | null, token: string): Promise<Answer<'savedTakesPage'>> {
  const query = cursor ? `?${new URLSearchParams({ cursor })}` : '';
  return apiFetch(`/api/account/saves${query}`, { token, answer: 'savedTakesPage' });
}
