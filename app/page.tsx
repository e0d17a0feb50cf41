import { HomeFeed } from '@/app/_screens/home-feed';
import type { SearchParams } from '@/components/shared/filter-query';

export default function HomePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return <HomeFeed searchParams={searchParams} />;
}
