import type { Metadata } from 'next';
import { z } from 'zod';
import { FilterSection, type FilterControl } from '@/components/filters/filter-section';
import { queryOf, readParam, timeOptions, type SearchParams } from '@/components/shared/filter-query';
import { TakeList } from '@/components/take-card/take-list';
import { DivisiveTeams } from '@/components/trending/divisive-teams';
import { TrendingTopics } from '@/components/trending/trending-topics';
import { trendingFor } from '@/lib/data/discovery/reader-lists';
import { divisiveTeams, trendingTopics } from '@/lib/data/discovery/trending';
import { trendingTakesQuery, trendingTopicsQuery } from '@/lib/validation/takes';
import { viewerMarks, viewerReader } from '@/app/_lib/viewer';
import styles from './page.module.css';

export const metadata: Metadata = {
  title: 'Trending',
  description: 'The NBA players, teams and takes fans are talking about most right now.',
  alternates: { canonical: '/trending' },
};

// docs/product.md#limits: topics All and all time; takes most liked. The takes window has no All Time (docs/product.md#screens), so the week is its default.
const DEFAULTS = { type: 'all', topicsTime: 'all', sort: 'likes', time: 'week' } as const;

/** The topics views: the three of docs/product.md#other-screens, and the teams most divisive among their own fans (always this week). */
const topicsView = z.enum(['all', 'players', 'teams', 'divisive']).default('all');

/** Trending failures are logged and shown as an empty list (docs/product.md#messages). */
function orEmpty<T>(what: string, load: Promise<T[]>): Promise<T[]> {
  return load.catch((error: unknown) => {
    console.error(`Trending: could not load ${what}`, error);
    return [];
  });
}

export default async function TrendingPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const view = readParam(topicsView, params, 'type');
  const type = view === 'players' || view === 'teams' ? view : undefined;
  const topicsTime = readParam(trendingTopicsQuery.shape.timeRange, params, 'topicsTime');
  const sort = readParam(trendingTakesQuery.shape.sort, params, 'sort');
  const requestedTime = readParam(trendingTakesQuery.shape.timeRange, params, 'time');
  const time = requestedTime === 'all' ? DEFAULTS.time : requestedTime;
  const divisive = view === 'divisive';
  const query = queryOf({ type: view, topicsTime: divisive ? DEFAULTS.topicsTime : topicsTime, sort, time }, DEFAULTS);

  const [topics, teams, takes] = await Promise.all([
    divisive ? [] : orEmpty('topics', trendingTopics(type, topicsTime)),
    divisive ? orEmpty('divisive teams', divisiveTeams()) : [],
    orEmpty(
      'takes',
      viewerReader().then((reader) => trendingFor(reader, time, sort)),
    ),
  ]);
  const marks = await viewerMarks(takes);

  const topicControls: FilterControl[] = [
    {
      param: 'type',
      label: 'Topic type',
      variant: 'chips',
      options: [
        { value: 'all', label: 'All' },
        { value: 'players', label: 'Players' },
        { value: 'teams', label: 'Teams' },
        { value: 'divisive', label: 'Divisive' },
      ],
      value: view,
      defaultValue: DEFAULTS.type,
    },
    {
      param: 'topicsTime',
      label: 'Topics time',
      variant: 'chips',
      options: timeOptions(['all', '12h', '24h', 'week']),
      value: topicsTime,
      defaultValue: DEFAULTS.topicsTime,
      onlyWith: { param: 'type', values: ['all', 'players', 'teams'] },
    },
  ];
  const takeControls: FilterControl[] = [
    {
      param: 'sort',
      label: 'Sort takes',
      variant: 'chips',
      options: [
        { value: 'likes', label: 'Most Liked' },
        { value: 'comments', label: 'Most Commented' },
      ],
      value: sort,
      defaultValue: DEFAULTS.sort,
    },
    {
      param: 'time',
      label: 'Takes time',
      variant: 'chips',
      options: timeOptions(['12h', '24h', 'week']),
      value: time,
      defaultValue: DEFAULTS.time,
    },
  ];

  return (
    <main className="page">
      <h1 className={styles.title}>Trending</h1>
      <section className={styles.section} aria-labelledby="trending-topics">
        <FilterSection
          heading={
            <h2 id="trending-topics" className={styles.heading}>
              Trending Topics
            </h2>
          }
          controls={topicControls}
          query={query}
        >
          {divisive ? <DivisiveTeams teams={teams} /> : <TrendingTopics topics={topics} />}
        </FilterSection>
      </section>
      <section className={styles.section} aria-labelledby="trending-takes">
        <FilterSection
          heading={
            <h2 id="trending-takes" className={styles.heading}>
              Trending Takes
            </h2>
          }
          controls={takeControls}
          query={query}
        >
          <TakeList takes={takes} marks={marks} emptyText="No trending takes available for this sort and filter combination." />
        </FilterSection>
      </section>
    </main>
  );
}
