import type { Query } from '@/components/shared/filter-href';
import { queryOf, readParam, type SearchParams } from '@/components/shared/filter-query';
import type { FEED_TOP_RANGES, FeedSort } from '@/lib/discovery/sorts';
import { feedQuery } from '@/lib/validation/takes';

export type TopRange = (typeof FEED_TOP_RANGES)[number];

/** What the home feed shows, read from its URL: `/?sort=top&time=week`. Time belongs to Top alone. */
export type FeedView = { sort: FeedSort; timeRange: TopRange; query: Query };

export const FEED_VIEW_DEFAULTS = { sort: 'hot', time: 'all' } as const;

export function readFeedView(params: SearchParams): FeedView {
  const sort = readParam(feedQuery.shape.sort, params, 'sort');
  const timeRange = sort === 'top' ? readParam(feedQuery.shape.timeRange, params, 'time') : FEED_VIEW_DEFAULTS.time;
  return { sort, timeRange, query: queryOf({ sort, time: timeRange }, FEED_VIEW_DEFAULTS) };
}

const TOP_LEADS: Record<TopRange, string> = {
  '24h': 'The most-liked takes of the past day.',
  week: 'The most-liked takes of the past week.',
  all: 'The most-liked takes of all time.',
};

/** The line under the feed's heading: what the chosen order means. */
export function feedLead({ sort, timeRange }: Pick<FeedView, 'sort' | 'timeRange'>): string {
  if (sort === 'top') return TOP_LEADS[timeRange];
  return {
    hot: 'The boldest NBA opinions right now, ranked by the fans.',
    new: 'Every take as it lands, newest first.',
    spicy: 'Takes that split the room: lots of reactions, close to 50/50.',
    best: 'The takes fans agree with most, weighed by how many have judged them.',
  }[sort];
}
