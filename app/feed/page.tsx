import type { Metadata } from 'next';
import { HomeFeed } from '@/app/_screens/home-feed';
import type { SearchParams } from '@/components/shared/filter-query';

// The bottom menu's Feed link lands here (docs/product.md#screens); the home page is the canonical address.
export const metadata: Metadata = { alternates: { canonical: '/' } };

export default function FeedPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return <HomeFeed searchParams={searchParams} />;
}
