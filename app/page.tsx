import { HomeFeed } from '@/components/feed/home-feed';

export default function HomePage() {
  return <HomeFeed />;
}
