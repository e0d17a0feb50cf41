import type { Metadata } from 'next';
import { HomeFeed } from '@/app/_screens/home-feed';
import { ModerationGate } from '@/components/moderation/moderation-gate';

// In a route group of its own, so this boundary wraps /moderation alone: one level up it also wrapped /moderation/league,
// whose first load then carried the feed's code twice, once per boundary.
// As for any unknown address: not indexed, and the home feed for whoever is not an admin (docs/product.md#screens).
export const metadata: Metadata = { robots: { index: false, follow: true } };

export default function ModerationNotFound() {
  return (
    <ModerationGate>
      <HomeFeed />
    </ModerationGate>
  );
}
