'use client';

import dynamic from 'next/dynamic';
import { useAuth } from '@/components/shared/auth-provider';

// Only an admin sees the queue: its code (the queue, its dialogs) comes with the page rendered for one, not with the
// home feed everyone else gets here.
const ModerationQueue = dynamic(() => import('./moderation-queue').then((m) => m.ModerationQueue));

/**
 * /moderation answers 404 to everyone at the HTTP level: the server renders
 * pages without knowing the reader (identity is a bearer token the browser
 * holds). Anyone who is not a signed-in admin sees what any unknown address
 * shows (`children`); for an admin the browser swaps in the queue, whose data
 * only the admin-only API gives out.
 */
export function ModerationGate({ children }: { children: React.ReactNode }) {
  const { status, user } = useAuth();
  return status === 'signed-in' && user?.isAdmin ? <ModerationQueue /> : children;
}
