import type { z } from 'zod';
import { apiFetch } from '@/lib/client/api';
import type {
  addGameBody,
  addPlayerBody,
  addTopicBody,
  editGameBody,
  editPlayerBody,
  editTeamBody,
  editTopicBody,
  inactivePlayerBody,
  lineBody,
  movePlayerBody,
} from '@/lib/validation/league';

/** The league console's calls (docs/league-data.md#the-console): administrators only; the API is a 404 for anyone else. */

const BASE = '/api/moderation/league';
type Token = string | null;

export function findPlayers(query: { q?: string; team?: number; status?: string }, token: Token, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.team !== undefined) params.set('team', String(query.team));
  if (query.status) params.set('status', query.status);
  return apiFetch(`${BASE}/players?${params}`, { token, signal, answer: 'adminPlayers' });
}

export function addPlayer(body: z.input<typeof addPlayerBody>, token: Token) {
  return apiFetch(`${BASE}/players`, { method: 'POST', body, token, answer: 'adminPlayer' });
}

export function editPlayer(id: number, body: z.input<typeof editPlayerBody>, token: Token) {
  return apiFetch(`${BASE}/players/${id}`, { method: 'PATCH', body, token, answer: 'adminPlayer' });
}

/** A trade, or the signing of a player with no team. */
export function movePlayer(id: number, body: z.input<typeof movePlayerBody>, token: Token) {
  return apiFetch(`${BASE}/players/${id}/move`, { method: 'POST', body, token, answer: 'adminPlayer' });
}

export function markInactive(id: number, body: z.input<typeof inactivePlayerBody>, token: Token) {
  return apiFetch(`${BASE}/players/${id}/inactive`, { method: 'POST', body, token, answer: 'adminPlayer' });
}

export function listLeagueTeams(token: Token) {
  return apiFetch(`${BASE}/teams`, { token, answer: 'adminTeams' });
}

export function editTeam(id: number, body: z.input<typeof editTeamBody>, token: Token) {
  return apiFetch(`${BASE}/teams/${id}`, { method: 'PATCH', body, token, answer: 'adminTeam' });
}

export function listLeagueTopics(token: Token) {
  return apiFetch(`${BASE}/topics`, { token, answer: 'adminTopics' });
}

export function addTopic(body: z.input<typeof addTopicBody>, token: Token) {
  return apiFetch(`${BASE}/topics`, { method: 'POST', body, token, answer: 'adminTopic' });
}

export function editTopic(id: string, body: z.input<typeof editTopicBody>, token: Token) {
  return apiFetch(`${BASE}/topics/${encodeURIComponent(id)}`, { method: 'PATCH', body, token, answer: 'adminTopic' });
}

/** The games of the days from `from` to `to` (YYYY-MM-DD, UTC). */
export function listGames(range: { from: string; to: string }, token: Token) {
  return apiFetch(`${BASE}/games?${new URLSearchParams(range)}`, { token, answer: 'leagueGames' });
}

export function addGame(body: z.input<typeof addGameBody>, token: Token) {
  return apiFetch(`${BASE}/games`, { method: 'POST', body, token, answer: 'leagueGame' });
}

export function editGame(id: number, body: z.input<typeof editGameBody>, token: Token) {
  return apiFetch(`${BASE}/games/${id}`, { method: 'PATCH', body, token, answer: 'leagueGame' });
}

/** A game's box score, and the two teams' players to enter a line for. */
export function listLines(game: number, token: Token) {
  return apiFetch(`${BASE}/games/${game}/lines`, { token, answer: 'leagueLines' });
}

/** Enters or corrects one player's line of a game's box score (settling the game's player calls). */
export function putLine(game: number, player: number, body: z.input<typeof lineBody>, token: Token) {
  return apiFetch(`${BASE}/games/${game}/lines/${player}`, { method: 'PUT', body, token, answer: 'leagueLine' });
}

export function listLeagueChanges(cursor: string | null, token: Token) {
  return apiFetch(`${BASE}/changes${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, { token, answer: 'leagueChangesPage' });
}

/** Uploads league files: the difference as a dry run, or applied. */
export function importLeagueFiles(files: File[], options: { dryRun: boolean; complete: boolean }, token: Token) {
  const form = new FormData();
  for (const file of files) form.append('file', file);
  const query = new URLSearchParams({ dryRun: String(options.dryRun), complete: String(options.complete) });
  return apiFetch(`${BASE}/import?${query}`, { method: 'POST', body: form, token, answer: 'importReport' });
}
