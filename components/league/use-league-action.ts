'use client';

import { useCallback, useState } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { ApiError } from '@/lib/client/api';
import { showToast } from '@/lib/client/toast';

/**
 * One console action at a time: `run` calls the API with the administrator's token, shows `done` as a toast when it
 * succeeds and keeps the server's message (which names the field and what is wrong) as `error` when it does not.
 */
export function useLeagueAction() {
  const { getToken } = useAuth();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(
    async <T>(call: (token: string | null) => Promise<T>, done?: string): Promise<T | null> => {
      setBusy(true);
      setError(null);
      try {
        const result = await call(await getToken());
        if (done) showToast('success', done);
        return result;
      } catch (failure) {
        setError(failure instanceof ApiError ? failure.message : 'Something went wrong. Please try again.');
        if (!(failure instanceof ApiError)) console.error('League console', failure);
        return null;
      } finally {
        setBusy(false);
      }
    },
    [getToken],
  );

  return { run, busy, error, clearError: useCallback(() => setError(null), []) };
}

/** Today as the date inputs and the API write a day (YYYY-MM-DD, UTC). */
export const todayText = () => new Date().toISOString().slice(0, 10);
