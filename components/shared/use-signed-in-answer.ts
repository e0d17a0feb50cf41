'use client';

import { useCallback, useEffect, useState } from 'react';
import { useAuth } from './auth-provider';

/**
 * What a signed-in screen shows, read with the fan's token when it mounts: null until it arrives, `failed` when it
 * did not (`failure` is logged), and `load` to read it again (Try again, or after a change).
 */
export function useSignedInAnswer<T>(read: (token: string | null) => Promise<T>, failure: string) {
  const { getToken } = useAuth();
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(
    () =>
      getToken()
        .then(read)
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
    [getToken, read, failure],
  );

  useEffect(() => {
    void load();
  }, [load]);

  return { data, failed, load };
}
