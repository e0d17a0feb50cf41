/**
 * The orders a list can be read in, with the stored field each one pages by,
 * shared by the query schemas, the data layer and the sort controls. Each has
 * its index in models/take.ts or models/comment.ts: tests/data/sorts.test.ts
 * reads every sort, and tests/api/index-coverage.test.ts fails on a query
 * shape no index serves.
 */
export const FEED_SORTS = ['hot', 'new', 'top', 'spicy', 'best'] as const;
export type FeedSort = (typeof FEED_SORTS)[number];

export const FEED_SORT_LABELS: Record<FeedSort, string> = { hot: 'Hot', new: 'New', top: 'Top', spicy: 'Spiciest', best: 'Best' };

/** Hot is the score (lib/discovery/ranking.ts hotScore), Top is likes, Spiciest and Best their own derived keys. */
export const FEED_SORT_FIELDS = { hot: 'score', new: 'createdAt', top: 'likes', spicy: 'spice', best: 'wilson' } as const satisfies Record<
  FeedSort,
  string
>;

/** Only Top is read within a time window (24h, week or all time). */
export const FEED_TOP_RANGES = ['24h', 'week', 'all'] as const;

export const COMMENT_SORTS = ['new', 'best'] as const;
export type CommentSort = (typeof COMMENT_SORTS)[number];
export const COMMENT_SORT_LABELS: Record<CommentSort, string> = { new: 'New', best: 'Best' };
export const COMMENT_SORT_FIELDS = { new: 'createdAt', best: 'wilson' } as const satisfies Record<CommentSort, string>;
