'use client';

import { useState } from 'react';
import { useAuthPrompt } from '@/components/modals/auth-prompt';
import { useAuth } from '@/components/shared/auth-provider';
import { setFollowingEntity } from '@/lib/client/entity-follows';
import { toastIfRateLimited } from '@/lib/client/rate-limit-toast';
import type { FollowableType } from '@/lib/validation/entity-follows';

type FollowEntityButtonProps = {
  type: FollowableType;
  id: number;
  name: string;
  /** Whether the reader the page was rendered for follows it, and who that was (null: a visitor). */
  rendered: { following: boolean; for: string | null };
};

/**
 * Follow/Following on a team's or player's page (docs/product.md#game-day): their takes join the fan's Following
 * tab. A visitor is invited to sign up. Not optimistic, like a fan's follow: the button shows what the server
 * answered. Until the page has been rendered for the fan signed in here (the browser re-renders it once when the
 * session changes), the button waits rather than guess.
 */
export function FollowEntityButton({ type, id, name, rendered }: FollowEntityButtonProps) {
  const { status, user, getToken } = useAuth();
  const { openAuthPrompt } = useAuthPrompt();
  const [following, setFollowing] = useState(rendered.following);
  const [busy, setBusy] = useState(false);
  const known = status === 'signed-in' && user?._id === rendered.for;

  const toggle = async () => {
    if (status !== 'signed-in') {
      openAuthPrompt('default');
      return;
    }
    setBusy(true);
    try {
      const answer = await setFollowingEntity(type, id, !following, await getToken());
      setFollowing(answer.following);
    } catch (error) {
      if (!toastIfRateLimited(error)) console.error('Could not change the follow', error);
    } finally {
      setBusy(false);
    }
  };

  const shown = known && following;
  return (
    <button
      type="button"
      className={`button ${shown ? 'button-secondary' : 'button-primary'}`}
      onClick={() => void toggle()}
      disabled={status === 'loading' || (status === 'signed-in' && !known) || busy}
      aria-pressed={status === 'signed-in' ? shown : undefined}
      aria-label={shown ? `Following ${name}` : `Follow ${name}`}
    >
      {shown ? 'Following' : 'Follow'}
    </button>
  );
}
