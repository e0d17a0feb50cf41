'use client';

import { useCallback } from 'react';
import { useAuth } from './auth-provider';
import { errorMessage, takeToast } from './take-toast';
import { setRestriction, type RestrictKind } from '@/lib/client/account';
import type { Relation } from '@/lib/validation/account';

export type { RestrictKind };

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
        const relation = await setRestriction(kind, user._id, on, await getToken());
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
