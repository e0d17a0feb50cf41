'use client';

import { useAuthPrompt } from '@/components/modals/auth-prompt';
import { useAuth } from '@/components/shared/auth-provider';
import { useCreateTake, type PresetFocus } from '@/components/shared/create-take-context';

/**
 * "Make a call" on a game's, a player's or a team's page (docs/product.md#calls): Create New Take opens on that focus
 * with its call form open, offering today's and upcoming games. A visitor is invited to sign up.
 */
export function MakeCallButton({ focus, className = 'button button-secondary' }: { focus: Omit<PresetFocus, 'call'>; className?: string }) {
  const { status } = useAuth();
  const { openAuthPrompt } = useAuthPrompt();
  const { openCreateTake } = useCreateTake();
  const open = () => {
    if (status === 'loading') return;
    if (status !== 'signed-in') openAuthPrompt('default');
    else openCreateTake({ ...focus, call: true });
  };
  return (
    <button type="button" className={className} onClick={open}>
      Make a call
    </button>
  );
}
