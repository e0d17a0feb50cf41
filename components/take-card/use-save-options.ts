'use client';

import { useEffect, useState } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { errorMessage, takeToast } from '@/components/shared/take-toast';
import { fetchSaveState, saveTake, unsaveTake } from '@/lib/client/calls';
import type { SaveState } from '@/lib/validation/calls';

/**
 * Save and "Tell me when it settles" for a take's ⋯ menu (docs/product.md#saves): the fan's own, private state, read
 * when the menu first opens (its code loads then too). Nothing for a visitor. `callOpen`: the take has a call that
 * has not settled yet, which a fan may ask to be told about.
 */
export function useSaveOptions(takeId: string, callOpen: boolean) {
  const { status, getToken } = useAuth();
  const [state, setState] = useState<SaveState | null>(null);
  const signedIn = status === 'signed-in';

  useEffect(() => {
    if (!signedIn) return;
    let current = true;
    void getToken()
      .then((token) => (token ? fetchSaveState(takeId, token) : null))
      .then((answer) => current && answer && setState(answer))
      .catch((error: unknown) => console.error('Could not read whether the take is saved', error));
    return () => {
      current = false;
    };
  }, [signedIn, getToken, takeId]);

  const act = async (write: (token: string) => Promise<SaveState>, done: string) => {
    try {
      const token = await getToken();
      if (!token) return takeToast.error('User not authenticated.');
      setState(await write(token));
      takeToast.success(done);
    } catch (error) {
      takeToast.error(errorMessage(error, 'Something went wrong. Please try again.'));
    }
  };

  if (!signedIn) return [];
  const saved = state?.saved ?? false;
  const notify = state?.notify ?? false;
  return [
    saved
      ? { label: 'Remove from saved', onSelect: () => void act((token) => unsaveTake(takeId, token), 'Removed from your saved takes.') }
      : { label: 'Save', onSelect: () => void act((token) => saveTake(takeId, false, token), 'Saved. Only you can see it.') },
    ...(callOpen || notify
      ? [
          notify
            ? {
                label: 'Stop telling me when it settles',
                onSelect: () => void act((token) => saveTake(takeId, false, token), 'You will not be told when it settles.'),
              }
            : {
                label: 'Tell me when it settles',
                onSelect: () => void act((token) => saveTake(takeId, true, token), 'Saved: you will be told when its call settles.'),
              },
        ]
      : []),
  ];
}
