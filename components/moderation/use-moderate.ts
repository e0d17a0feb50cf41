'use client';

import { useCallback } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { errorMessage, takeToast } from '@/components/shared/take-toast';
import { moderate, type ModeratorAction } from '@/lib/client/moderation';

export type { ModeratorAction };

/** A moderator's action on a take (or a comment); toasts the outcome and answers whether it went through. */
export function useModerate() {
  const { getToken } = useAuth();
  return useCallback(
    async (id: string, action: ModeratorAction, subject: 'takes' | 'comments' = 'takes'): Promise<boolean> => {
      try {
        takeToast.success(await moderate(subject, id, action, await getToken()));
        return true;
      } catch (error) {
        takeToast.error(errorMessage(error, 'That did not go through. Please try again.'));
        return false;
      }
    },
    [getToken],
  );
}
