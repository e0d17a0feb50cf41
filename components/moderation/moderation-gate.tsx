'use client';

import dynamic from 'next/dynamic';
import { useAuth } from '@/components/shared/auth-provider';

// Only a moderator sees the queue (and an administrator the moderators): its code (the queue, its dialogs, the panel)
// comes with the page rendered for one, not with the home feed everyone else gets here.
const ModerationQueue = dynamic(() => import('./moderation-queue').then((m) => m.ModerationQueue));
const ModeratorsPanel = dynamic(() => import('./moderators-panel').then((m) => m.ModeratorsPanel));

/**
 * /moderation answers 404 to everyone at the HTTP level: the server renders
 * pages without knowing the reader (identity is a bearer token the browser
 * holds). Anyone who is not a signed-in moderator sees what any unknown
 * address shows (`children`); for a moderator the browser swaps in the queue,
 * whose data only the moderators' API gives out, and for an administrator the
 * way to the league console and the moderators they can add and remove below it.
 */
export function ModerationGate({ children }: { children: React.ReactNode }) {
  const { status, user } = useAuth();
  if (status !== 'signed-in' || !user?.isModerator) return children;
  return <ModerationQueue leagueConsole={user.isAdmin}>{user.isAdmin && <ModeratorsPanel />}</ModerationQueue>;
}
