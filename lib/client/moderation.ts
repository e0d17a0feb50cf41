import type { z } from 'zod';
import { apiFetch } from '@/lib/client/api';
import type { moderationActionBody, ModerationQueue } from '@/lib/validation/moderation';

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
