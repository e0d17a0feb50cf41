'use client';

import dynamic from 'next/dynamic';
import { useAuth } from '@/components/shared/auth-provider';

// Only an administrator's browser downloads the console.
const LeagueConsole = dynamic(() => import('./league-console').then((m) => m.LeagueConsole), {
  loading: () => <p style={{ padding: 16 }}>Loading...</p>,
});

/**
 * /moderation/league answers 404 to everyone at the HTTP level, as /moderation does (components/moderation/
 * moderation-gate.tsx): anyone who is not a signed-in administrator sees what an unknown address shows (`children`);
 * for an administrator the browser swaps in the console, whose data only the admin-only API gives out.
 */
export function LeagueGate({ children }: { children: React.ReactNode }) {
  const { status, user } = useAuth();
  return status === 'signed-in' && user?.isAdmin ? <LeagueConsole /> : children;
}
