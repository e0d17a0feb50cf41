'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { errorMessage, takeToast } from '@/components/shared/take-toast';
import { markWatched } from '@/lib/client/filters';

/**
 * "Watched": the reader has seen the game, so its spoiler shield lifts for them everywhere, and the page is read
 * again without it.
 */
export function WatchedButton({ game, className = 'button button-secondary' }: { game: number; className?: string }) {
  const router = useRouter();
  const { getToken } = useAuth();
  const [busy, setBusy] = useState(false);

  const watched = async () => {
    setBusy(true);
    try {
      await markWatched(game, await getToken());
      router.refresh();
    } catch (error) {
      takeToast.error(errorMessage(error, 'Could not lift the spoiler shield. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <button type="button" className={className} onClick={() => void watched()} disabled={busy}>
      {busy ? 'Saving...' : 'Watched'}
    </button>
  );
}
