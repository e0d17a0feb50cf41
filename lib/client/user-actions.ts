import type { z } from 'zod';
import { apiFetch } from '@/lib/client/api';
import type { ActionCounts, userActionBody } from '@/lib/validation/user-actions';

/** A like, dislike, favorite or share by the signed-in fan; the answer is the target's counts after it. */
export function postUserAction(body: z.input<typeof userActionBody>, token: string): Promise<ActionCounts> {
  return apiFetch('/api/user-action', { method: 'POST', body, token, answer: 'actionCounts' });
}
