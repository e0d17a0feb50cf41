'use client';

import { useRef, useState } from 'react';
import { useAuth } from './auth-provider';
import { useAuthPrompt } from '@/components/modals/auth-prompt';
import { errorMessage, takeToast } from './take-toast';
import { useUserActions } from './marks-context';
import { postUserAction } from '@/lib/client/user-actions';
import type { Reaction } from '@/lib/marks';
import { applyReaction, nextReaction, type Counts } from './reaction-state';

export type { Counts };

type Target = { postID: string } | { commentID: string };

/**
 * Like and dislike for a take or a comment: the count moves at once, then the
 * server's answer replaces it. On a take the active reaction is sticky; on a
 * comment tapping it again clears it. `rendered` is the reader's reaction as
 * the page (or the list's marks) had it.
 */
export function useReaction(target: Target, initial: Counts, rendered: Reaction | null) {
  const { status, getToken } = useAuth();
  const { openAuthPrompt } = useAuthPrompt();
  const actions = useUserActions();
  const [counts, setCounts] = useState(initial);
  // Only the newest request may write counts: two quick taps can be answered out of order.
  const latest = useRef(0);
  const id = 'postID' in target ? target.postID : target.commentID;
  const tapped = actions.reactionOf(id);
  const reaction = tapped !== undefined ? tapped : status === 'signed-in' ? rendered : null;

  const react = async (choice: Reaction) => {
    if (status === 'loading') return;
    if (status !== 'signed-in') {
      openAuthPrompt('default');
      return;
    }
    const next = nextReaction(reaction, choice, 'commentID' in target);
    if (next === undefined) return;
    // The local change happens before any await, so a second quick tap already sees it.
    const before = { counts, reaction };
    setCounts(applyReaction(counts, reaction, next));
    actions.setReaction(id, next);
    const request = ++latest.current;
    const undo = () => {
      if (request !== latest.current) return;
      setCounts(before.counts);
      actions.setReaction(id, before.reaction);
    };
    const token = await getToken();
    if (!token) {
      undo();
      openAuthPrompt('default');
      return;
    }
    try {
      const answer = await postUserAction({ actionType: choice, ...target }, token);
      if (request === latest.current) setCounts(answer);
    } catch (error) {
      undo();
      takeToast.error(errorMessage(error, 'Something went wrong. Please try again.'));
    }
  };

  return { counts, setCounts, reaction, react };
}
