import type { z } from 'zod';
import { apiFetch } from '@/lib/client/api';
import type { FanFiltersAnswer, muteRuleBody } from '@/lib/validation/filters';

/**
 * The signed-in fan's own filters (docs/product.md#filters): muted words, players and teams, and the spoiler
 * shield. Every change answers the filters as they now stand.
 */

export function getFanFilters(token: string | null): Promise<FanFiltersAnswer> {
  return apiFetch('/api/account/filters', { token, answer: 'fanFiltersAnswer' });
}

/** Mutes a word, player or team; muting one again replaces its action and how long it lasts. */
export function addMuteRule(body: z.input<typeof muteRuleBody>, token: string | null): Promise<FanFiltersAnswer> {
  return apiFetch('/api/account/filters/mutes', { method: 'POST', body, token, answer: 'fanFiltersAnswer' });
}

export function removeMuteRule(id: string, token: string | null): Promise<FanFiltersAnswer> {
  return apiFetch(`/api/account/filters/mutes/${encodeURIComponent(id)}`, { method: 'DELETE', token, answer: 'fanFiltersAnswer' });
}

/** "I watch later" (`hours` after tip-off at most), or (`hours` null) not any more. */
export function setWatchLater(team: number, hours: number | null, token: string | null): Promise<FanFiltersAnswer> {
  return apiFetch(`/api/account/filters/teams/${team}`, {
    method: hours === null ? 'DELETE' : 'PUT',
    ...(hours === null ? {} : { body: { hours } }),
    token,
    answer: 'fanFiltersAnswer',
  });
}

/** "Not watched yet" for one game: shielded from its tip-off for `hours`. */
export function markNotWatched(game: number, hours: number, token: string | null): Promise<FanFiltersAnswer> {
  return apiFetch(`/api/account/filters/games/${game}`, { method: 'PUT', body: { hours }, token, answer: 'fanFiltersAnswer' });
}

/** "Watched": the game's spoiler shield lifts. */
export function markWatched(game: number, token: string | null): Promise<FanFiltersAnswer> {
  return apiFetch(`/api/account/filters/games/${game}/watched`, { method: 'POST', token, answer: 'fanFiltersAnswer' });
}
