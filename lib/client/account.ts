import type { z } from 'zod';
import { apiFetch } from '@/lib/client/api';
import type { deleteAccountBody, Relation, Restrictions } from '@/lib/validation/account';

export type RestrictKind = 'block' | 'mute';

/** The fans the signed-in fan has blocked and muted. */
export function listRestrictions(token: string | null): Promise<Restrictions> {
  return apiFetch('/api/account/blocks', { token, answer: 'restrictions' });
}

/** Blocks or mutes a fan (`on`), or undoes it; the answer is the fan's choices about that person after it. */
export function setRestriction(kind: RestrictKind, userId: string, on: boolean, token: string | null): Promise<Relation> {
  return apiFetch(`/api/account/${kind}s/${encodeURIComponent(userId)}`, { method: on ? 'PUT' : 'DELETE', token, answer: 'relation' });
}

/** Deletes the signed-in fan's account; the answer is the message to show. */
export async function deleteAccount(body: z.input<typeof deleteAccountBody>, token: string | null): Promise<string> {
  return (await apiFetch('/api/account', { method: 'DELETE', body, token, answer: 'messageAnswer' })).message;
}

/**
 * The fan's data as one JSON file (GET /api/account/export), as the raw answer: the caller saves its body under the
 * name its Content-Disposition gives, or reads a refusal (a step-up challenge asks for a recent sign-in).
 */
export function fetchAccountExport(token: string | null): Promise<Response> {
  return fetch('/api/account/export', { headers: token ? { Authorization: `Bearer ${token}` } : {} });
}
