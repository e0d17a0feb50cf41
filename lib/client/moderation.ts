import type { z } from 'zod';
import { apiFetch } from '@/lib/client/api';
import type { moderationActionBody, ModerationQueue, ModeratorsAnswer } from '@/lib/validation/moderation';

export type ModeratorAction = z.input<typeof moderationActionBody>['action'];

/** The moderators' queue: reported and hidden takes and comments, and the recent log. */
export function getModerationQueue(token: string | null): Promise<ModerationQueue> {
  return apiFetch('/api/moderation/queue', { token, answer: 'moderationQueue' });
}

/** A moderator's action on a take or a comment; the answer is the message to show. */
export async function moderate(subject: 'takes' | 'comments', id: string, action: ModeratorAction, token: string | null): Promise<string> {
  const path = `/api/moderation/${subject}/${encodeURIComponent(id)}`;
  return (await apiFetch(path, { method: 'POST', body: { action }, token, answer: 'messageAnswer' })).message;
}

/** The moderators administrators named, and the latest changes (administrators only). */
export function getModerators(token: string | null): Promise<ModeratorsAnswer> {
  return apiFetch('/api/moderation/moderators', { token, answer: 'moderatorsAnswer' });
}

/** Names a fan a moderator by username; the answer is the message to show. */
export async function addModerator(username: string, token: string | null): Promise<string> {
  return (await apiFetch('/api/moderation/moderators', { method: 'POST', body: { username }, token, answer: 'messageAnswer' })).message;
}

/** Takes a fan's moderator role away; the answer is the message to show. */
export async function removeModerator(userId: string, token: string | null): Promise<string> {
  const path = `/api/moderation/moderators/${encodeURIComponent(userId)}`;
  return (await apiFetch(path, { method: 'DELETE', token, answer: 'messageAnswer' })).message;
}
