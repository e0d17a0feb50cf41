'use client';

import { useAuth } from '@/components/shared/auth-provider';
import { ModerationQueue } from './moderation-queue';
import { ModeratorsPanel } from './moderators-panel';

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
