'use client';

import { useCallback, useEffect, useState } from 'react';
import { useAuth } from './auth-provider';
import { apiFetch, type Answer, type AnswerName } from '@/lib/client/api';

/**
 * What a signed-in screen shows, read with the fan's token when it mounts: null until it arrives, `failed` when it
 * did not (`failure` is logged), and `load` to read it again (Try again, or after a change).
 */
export function useSignedInAnswer<K extends AnswerName>(path: string, answer: K, failure: string) {
  const { getToken } = useAuth();
  const [data, setData] = useState<Answer<K> | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(
    () =>
      getToken()
        .then((token) => apiFetch(path, { token, answer }))
        .then(
          (next) => {
            setData(next);
            setFailed(false);
          },
          (error: unknown) => {
            console.error(failure, error);
            setFailed(true);
          },
        ),
    [getToken, path, answer, failure],
  );

  useEffect(() => {
    void load();
  }, [load]);

  return { data, failed, load };
}
