import type { Metadata } from 'next';
import { HomeFeed } from '@/app/_screens/home-feed';
import { LeagueGate } from '@/components/league/league-gate';

// As for any unknown address: not indexed, and the home feed for whoever is not an administrator (docs/product.md#screens).
export const metadata: Metadata = { robots: { index: false, follow: true } };

export default function LeagueConsoleNotFound() {
  return (
    <LeagueGate>
      <HomeFeed />
    </LeagueGate>
  );
}
