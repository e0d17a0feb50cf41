'use client';

import { useState } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { ApiError } from '@/lib/client/api';
import type { FanFiltersAnswer } from '@/lib/validation/filters';

/** A change to the fan's filters on the account page: the call, and the words to say once it is made; true when it was. */
export type FilterChange = (change: (token: string | null) => Promise<FanFiltersAnswer>, done: string) => Promise<boolean>;

/**
 * One section's changes: each answers the filters as they now stand (`apply` shows them), and what happened is said
 * in the section's own status line, so a screen reader hears it where the fan acted.
 */
export function useFilterChange(apply: (filters: FanFiltersAnswer) => void) {
  const { getToken } = useAuth();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);

  const change: FilterChange = async (call, done) => {
    setBusy(true);
    setStatus(null);
    try {
      apply(await call(await getToken()));
      setStatus({ text: done, error: false });
      return true;
    } catch (error) {
      setStatus({ text: error instanceof ApiError ? error.message : 'Could not save that. Please try again.', error: true });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { change, busy, status };
}
