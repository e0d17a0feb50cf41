import type { z } from 'zod';
import { apiFetch } from '@/lib/client/api';
import type { Marks } from '@/lib/reactions/marks';
import type { ActionCounts, userActionBody } from '@/lib/validation/user-actions';

/** A like, dislike, favorite or share by the signed-in fan; the answer is the target's counts after it. */
export function postUserAction(body: z.input<typeof userActionBody>, token: string): Promise<ActionCounts> {
  return apiFetch('/api/user-action', { method: 'POST', body, token, answer: 'actionCounts' });
}

/** The signed-in fan's marks on the takes and comments named, and on nothing else. */
export function fetchMarks(firebaseUID: string, ids: string[], token: string, signal?: AbortSignal): Promise<Marks> {
  const query = new URLSearchParams({ ids: ids.join(',') });
  return apiFetch(`/api/user-action/${encodeURIComponent(firebaseUID)}/marks?${query}`, { token, signal, answer: 'marksAnswer' });
}
