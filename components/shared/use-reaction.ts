'use client';

import { useState } from 'react';
import { useAuth } from './auth-provider';
import { useAuthPrompt } from '@/components/modals/auth-prompt';
import { errorMessage, takeToast } from './take-toast';
import { useMarks } from './marks-context';
import { postUserAction } from '@/lib/client/user-actions';
import type { Reaction } from '@/lib/reactions/marks';
import { applyReaction, nextReaction, type Counts } from './reaction-state';
import { useToggleQueue } from './use-toggle-queue';

export type { Counts };

type Target = { postID: string } | { commentID: string };

/**
 * Like and dislike for a take or a comment: the count moves at once, then the
 * server's answer replaces it (useToggleQueue). On a take the active reaction
 * is sticky; on a comment tapping it again clears it. `rendered` is the
 * reader's reaction as the page (or the list's marks) had it.
 */
export function useReaction(target: Target, initial: Counts, rendered: Reaction | null) {
  const { status } = useAuth();
  const { openAuthPrompt } = useAuthPrompt();
  const marks = useMarks();
  const [counts, setCounts] = useState(initial);
  const id = 'postID' in target ? target.postID : target.commentID;
  const tapped = marks.reactionOf(id);
  const reaction = tapped !== undefined ? tapped : status === 'signed-in' ? rendered : null;

  const queue = useToggleQueue<Reaction | null, Counts>({
    server: rendered,
    // On a comment the server clears a reaction sent again, so clearing sends the one held (to and from differ: one is set).
    send: (to, from, token) => postUserAction({ actionType: to ?? (from as Reaction), ...target }, token),
    onAnswer: setCounts,
    onFailure: (confirmed, shown, error) => {
      setCounts((current) => applyReaction(current, shown, confirmed));
      marks.setReaction(id, confirmed);
      if (error === null) openAuthPrompt('default');
      else takeToast.error(errorMessage(error, 'Something went wrong. Please try again.'));
    },
  });

  const react = (choice: Reaction) => {
    if (status === 'loading') return;
    if (status !== 'signed-in') {
      openAuthPrompt('default');
      return;
    }
    const next = nextReaction(reaction, choice, 'commentID' in target);
    if (next === undefined) return;
    setCounts(applyReaction(counts, reaction, next));
    marks.setReaction(id, next);
    queue(next);
  };

  return { counts, setCounts, reaction, react };
}
