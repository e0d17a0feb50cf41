import { connection } from 'next/server';
import { FilterSection, type FilterControl } from '@/components/filters/filter-section';
import { TIME_LABELS, type SearchParams } from '@/components/filters/query';
import { FEED_PAGE_SIZE } from '@/lib/constants';
import { encodeCursor, listFeed, type TakeDTO } from '@/lib/data/takes';
import { FEED_SORT_LABELS, FEED_SORTS, FEED_TOP_RANGES } from '@/lib/sorts';
import { FeedList } from './feed-list';
import { FeedTabs, readFeedTab } from './feed-tabs';
import { FollowingFeed } from './following-feed';
import { FEED_VIEW_DEFAULTS, feedLead, readFeedView, type FeedView } from './feed-view';
import styles from './home-feed.module.css';

async function firstPage(view: FeedView, live: boolean): Promise<TakeDTO[] | null> {
  try {
    return await listFeed({ sort: view.sort, timeRange: view.timeRange, limit: FEED_PAGE_SIZE, live });
  } catch (error) {
    console.error('Could not read the feed', error);
    return null;
  }
}

/**
 * The home feed screen (/, /feed and every unlisted path): For you, whose first
 * page in the sort named in the URL (`/?sort=spicy`) is rendered on the server,
 * and Following (`/?feed=following`), the reader's own list, read in the browser.
 * `liveCounts: false` (not-found pages) shows the cached list's counts without
 * reading them again: Next renders a not-found element with every page of its
 * segment, shown or not, so a query there would be one more on every page.
 */
export async function HomeFeed({ searchParams, liveCounts = true }: { searchParams?: Promise<SearchParams>; liveCounts?: boolean }) {
  // Fresh on every request: the feed changes with every vote.
  await connection();
  const params = searchParams ? await searchParams : {};
  if (readFeedTab(params) === 'following') {
    return (
      <main className={styles.main}>
        <FeedTabs active="following" />
        <header className={styles.intro}>
          <h1 className={styles.title}>Following</h1>
          <p className={styles.lead}>Takes from the fans you follow, newest first.</p>
        </header>
        <FollowingFeed />
      </main>
    );
  }
  const view = readFeedView(params);
  const takes = await firstPage(view, liveCounts);
  const last = takes && takes.length === FEED_PAGE_SIZE ? takes[takes.length - 1] : undefined;
  const controls: FilterControl[] = [
    {
      param: 'sort',
      label: 'Sort takes',
      variant: 'chips',
      options: FEED_SORTS.map((value) => ({ value, label: FEED_SORT_LABELS[value] })),
      value: view.sort,
      defaultValue: FEED_VIEW_DEFAULTS.sort,
    },
    {
      param: 'time',
      label: 'Top takes from',
      variant: 'chips',
      options: FEED_TOP_RANGES.map((value) => ({ value, label: TIME_LABELS[value] })),
      value: view.timeRange,
      defaultValue: FEED_VIEW_DEFAULTS.time,
      onlyWith: { param: 'sort', values: ['top'] },
    },
  ];
  return (
    <main className={styles.main}>
      <FeedTabs active="for-you" />
      <FilterSection
        heading={
          <header className={styles.intro}>
            <h1 className={styles.title}>Hot takes</h1>
            <p className={styles.lead}>{feedLead(view)}</p>
          </header>
        }
        controls={controls}
        query={view.query}
      >
        {/* A new order is a new list: keyed, so Load More and its cursor start over. */}
        <FeedList
          key={`${view.sort}:${view.timeRange}`}
          sort={view.sort}
          timeRange={view.timeRange}
          initialTakes={takes ?? []}
          initialCursor={last ? encodeCursor(view.sort, last) : null}
          initialFailed={takes === null}
        />
      </FilterSection>
    </main>
  );
}
