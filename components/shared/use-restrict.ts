'use client';

import { useCallback } from 'react';
import { useAuth } from './auth-provider';
import { errorMessage, takeToast } from './take-toast';
import { apiFetch } from '@/lib/client/api';
import type { Relation } from '@/lib/validation/account';

export type RestrictKind = 'block' | 'mute';

const DONE: Record<RestrictKind, [on: string, off: string]> = {
  block: ['Blocked', 'Unblocked'],
  mute: ['Muted', 'Unmuted'],
};

/**
 * Blocks, mutes or undoes either for the signed-in fan (PUT or DELETE
 * /api/account/{blocks|mutes}/{userId}); toasts the outcome and answers the
 * fan's choices about that person, or null when it did not go through.
 */
export function useRestrict() {
  const { getToken } = useAuth();
  return useCallback(
    async (user: { _id: string; username: string }, kind: RestrictKind, on: boolean): Promise<Relation | null> => {
      try {
        const relation = await apiFetch(`/api/account/${kind}s/${user._id}`, {
          method: on ? 'PUT' : 'DELETE',
          token: await getToken(),
          answer: 'relation',
        });
        takeToast.success(`${DONE[kind][on ? 0 : 1]} ${user.username}.`);
        return relation;
      } catch (error) {
        takeToast.error(errorMessage(error, 'That did not go through. Please try again.'));
        return null;
      }
    },
    [getToken],
  );
}
