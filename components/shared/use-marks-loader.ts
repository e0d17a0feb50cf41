'use client';

import { useCallback } from 'react';
import { useAuth } from './auth-provider';
import { isAbortError } from '@/lib/client/api';
import { fetchMarks } from '@/lib/client/user-actions';
import type { Marks } from '@/lib/reactions/marks';

/**
 * For a list loaded in the browser (Load More, comments, replies): the
 * signed-in reader's marks on just those ids (GET /api/user-action/{uid}/marks),
 * so the list shows them when it appears. Null for a visitor, or when the marks
 * could not be read (the list then shows none rather than not at all).
 */
export function useMarksLoader(): (ids: string[], signal?: AbortSignal) => Promise<Marks | null> {
  const { status, user, getToken } = useAuth();
  const uid = status === 'signed-in' ? (user?.firebaseUID ?? null) : null;
  return useCallback(
    async (ids, signal) => {
      if (!uid || ids.length === 0) return null;
      try {
        const token = await getToken();
        if (!token) return null;
        return await fetchMarks(uid, ids, token, signal);
      } catch (error) {
        if (!isAbortError(error)) console.warn('Could not load your marks', error);
        return null;
      }
    },
    [uid, getToken],
  );
}
