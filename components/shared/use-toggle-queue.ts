'use client';

import { useCallback, useEffect, useRef } from 'react';
import { toggleQueue, type Choice, type ToggleQueueOptions } from '@/lib/client/toggle-queue';
import { useAuth } from './auth-provider';

/**
 * The optimistic toggle of every reaction, favorite and receipt vote (lib/client/toggle-queue.ts): the caller shows
 * a tap at once and pushes its intent; the latest intent wins, one request is in flight, a failure rolls back.
 */
export function useToggleQueue<S extends Choice, A>(options: Omit<ToggleQueueOptions<S, A>, 'getToken'>): (intent: S) => void {
  const { getToken } = useAuth();
  const latest = useRef({ ...options, getToken });
  useEffect(() => {
    latest.current = { ...options, getToken };
  });
  const queue = useRef<((intent: S) => void) | null>(null);
  return useCallback((intent: S) => {
    queue.current ??= toggleQueue(() => latest.current);
    queue.current(intent);
  }, []);
}
