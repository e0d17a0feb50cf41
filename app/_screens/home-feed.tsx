import { connection } from 'next/server';
import { FilterSection, type FilterControl } from '@/components/filters/filter-section';
import { TIME_LABELS, type SearchParams } from '@/components/shared/filter-query';
import { TakeItems } from '@/components/take-card/take-list';
import { followingFirstPage, forYouFirstPage } from '@/lib/data/discovery/home-feed';
import { FEED_SORT_LABELS, FEED_SORTS, FEED_TOP_RANGES } from '@/lib/discovery/sorts';
import { getViewer, type Viewer } from '@/app/_lib/viewer';
import { FeedList } from '@/components/feed/feed-list';
import { FeedTabs, readFeedTab } from '@/components/feed/feed-tabs';
import { FollowingFeed, FollowingSignedOut } from '@/components/feed/following-feed-lazy';
import { FEED_VIEW_DEFAULTS, feedLead, readFeedView } from '@/components/feed/feed-view';
import styles from '@/components/feed/home-feed.module.css';

async function FollowingFirstPage({ viewer }: { viewer: Viewer }) {
  const { takes, marks, nextCursor, suggestions } = await followingFirstPage(viewer.user._id);
  return (
    <FollowingFeed initial={{ ids: takes.map((t) => t._id), cursor: nextCursor }} suggestions={suggestions}>
      <TakeItems takes={takes} marks={marks} />
    </FollowingFeed>
  );
}

/**
 * The home feed screen, shared by four routes (so it sits under app/, where loading data belongs) (/, /feed and every unlisted path): For you, whose first
 * page in the sort named in the URL (`/?sort=spicy`) is rendered on the server,
 * and Following (`/?feed=following`), the reader's own list, rendered for them
 * from their session cookie.
 */
export async function HomeFeed({ searchParams }: { searchParams?: Promise<SearchParams> }) {
  // Fresh on every request: the feed changes with every vote.
  await connection();
  const params = searchParams ? await searchParams : {};
  if (readFeedTab(params) === 'following') {
    const viewer = await getViewer();
    return (
      <main className={styles.main}>
        <FeedTabs active="following" />
        <header className={styles.intro}>
          <h1 className={styles.title}>Following</h1>
          <p className={styles.lead}>Takes from the fans you follow, newest first.</p>
        </header>
        {viewer ? <FollowingFirstPage viewer={viewer} /> : <FollowingSignedOut />}
      </main>
    );
  }
  const view = readFeedView(params);
  const page = await forYouFirstPage({ sort: view.sort, timeRange: view.timeRange }, (await getViewer())?.user._id ?? null);
  const takes = page?.takes ?? [];
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
          initial={{ ids: takes.map((t) => t._id), newest: Math.max(0, ...takes.map((t) => Date.parse(t.createdAt))) }}
          initialCursor={page?.nextCursor ?? null}
          initialFailed={page === null}
        >
          <TakeItems takes={takes} marks={page?.marks ?? null} />
        </FeedList>
      </FilterSection>
    </main>
  );
}
