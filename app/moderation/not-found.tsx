import type { Metadata } from 'next';
import { HomeFeed } from '@/app/_screens/home-feed';
import { ModerationGate } from '@/components/moderation/moderation-gate';

// As for any unknown address: not indexed, and the home feed for whoever is not an admin (docs/product.md#screens).
export const metadata: Metadata = { robots: { index: false, follow: true } };

export default function ModerationNotFound() {
  return (
    <ModerationGate>
      <HomeFeed />
    </ModerationGate>
  );
}
