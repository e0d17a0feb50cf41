import { apiFetch, type Answer } from '@/lib/client/api';

export type BoardAddress = { board: 'season' | 'all'; season?: string; team?: number | null };

/**
 * The next page of a callers board after `cursor` (GET /api/callers). With a
 * signed-in fan's token the answer also carries their own standing.
 */
export function fetchCallersPage(
  { board, season, team }: BoardAddress,
  cursor: string,
  token?: string | null,
  signal?: AbortSignal,
): Promise<Answer<'callersBoard'>> {
  const query = new URLSearchParams({ board, cursor });
  if (season) query.set('season', season);
  if (team != null) query.set('team', String(team));
  return apiFetch(`/api/callers?${query}`, { answer: 'callersBoard', token, signal });
}
