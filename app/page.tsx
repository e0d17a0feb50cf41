import { HomeFeed } from '@/components/feed/home-feed';
import type { SearchParams } from '@/components/shared/filter-query';

export default function HomePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return <HomeFeed searchParams={searchParams} />;
}
