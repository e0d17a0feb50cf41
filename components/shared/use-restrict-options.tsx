'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { useAuth } from './auth-provider';
import { useRestrict } from './use-restrict';

// The confirmation opens on a tap: its code loads then, not with the page.
const BlockDialog = dynamic(() => import('@/components/modals/block-dialog').then((m) => m.BlockDialog));

type Author = { _id: string; username: string };

/**
 * Mute and Block for the ⋯ menu of someone else's take or comment: the menu
 * items, and the block confirmation they open. Nothing for a visitor, one's
 * own content or an author who is gone. `onDone` runs once either went through.
 */
export function useRestrictOptions(author: Author, onDone: () => void) {
  const { status, user } = useAuth();
  const restrict = useRestrict();
  const [confirming, setConfirming] = useState(false);
  const offered = status === 'signed-in' && Boolean(author._id) && user?._id !== author._id;

  const mute = async () => {
    if (await restrict(author, 'mute', true)) onDone();
  };

  const options = offered
    ? [
        { label: `Mute ${author.username}`, onSelect: () => void mute() },
        { label: `Block ${author.username}`, danger: true, onSelect: () => setConfirming(true) },
      ]
    : [];

  const dialog =
    offered && confirming ? (
      <BlockDialog
        open={confirming}
        username={author.username}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          const done = await restrict(author, 'block', true);
          setConfirming(false);
          if (done) onDone();
        }}
      />
    ) : null;

  return { options, dialog };
}
