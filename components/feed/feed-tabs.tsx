import Link from 'next/link';
import type { SearchParams } from '@/components/shared/filter-query';
import styles from './feed-tabs.module.css';

export type FeedTab = 'for-you' | 'following';

/** The tab in the URL: `/?feed=following`; anything else is For you. */
export function readFeedTab(params: SearchParams): FeedTab {
  return params.feed === 'following' ? 'following' : 'for-you';
}

const TABS: { id: FeedTab; label: string; href: string }[] = [
  { id: 'for-you', label: 'For you', href: '/' },
  { id: 'following', label: 'Following', href: '/?feed=following' },
];

/** For you (the sorts) and Following, as links: each tab is an address that can be shared and reloaded. */
export function FeedTabs({ active }: { active: FeedTab }) {
  return (
    <nav className={styles.tabs} aria-label="Feeds">
      {TABS.map((tab) => (
        <Link key={tab.id} href={tab.href} className={styles.tab} aria-current={tab.id === active ? 'page' : undefined} scroll={false}>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
