import type { Metadata } from 'next';
import { HomeFeed } from '@/app/_screens/home-feed';

// docs/product.md#screens: any unlisted path shows the home feed; Next still answers 404, and nothing here should be indexed.
export const metadata: Metadata = { robots: { index: false, follow: true } };

export default function UnlistedNotFound() {
  return <HomeFeed />;
}
