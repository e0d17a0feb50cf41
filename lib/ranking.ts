/**
 * Ranking formulas. They live here, and only here, so the feed, search and
 * trending agree and the reasoning sits next to the numbers.
 */

/** 2025-01-01T00:00:00Z: the epoch of the age term. Any fixed instant works. */
const EPOCH_SECONDS = 1_735_689_600;
/** Seconds for one order of magnitude of net votes: 12.5 h, as on Reddit. */
const DECAY_SECONDS = 45_000;

export type Engagement = { likes: number; dislikes: number; commentsCount: number; shares?: number; favorites?: number };

/**
 * Hot score, after Reddit's: sign(s) * log10(max(|s|, 1)) + age / 45000.
 * s counts likes minus dislikes plus comments, because a take that starts an
 * argument is as "hot" as one that collects likes. The age term grows with the
 * creation time, so newer takes outrank older ones with the same votes, and a
 * take's score only changes when someone reacts: nothing has to be recomputed
 * on a timer, which suits a serverless host with no scheduler. Every tenfold
 * increase in net votes is worth 12.5 hours of recency.
 */
export function hotScore({ likes, dislikes, commentsCount }: Engagement, createdAt: Date): number {
  const s = likes - dislikes + commentsCount;
  const order = Math.log10(Math.max(Math.abs(s), 1));
  const sign = Math.sign(s);
  const age = createdAt.getTime() / 1000 - EPOCH_SECONDS;
  return Number((sign * order + age / DECAY_SECONDS).toFixed(7));
}

/**
 * Popularity: a plain engagement sum that search and trending rank by. Actions
 * that cost the fan more weigh more: a reaction 1, a comment 2, a favorite 2,
 * a share 3 (sharing puts the fan's name on it outside the site).
 */
export function popularity({ likes, dislikes, commentsCount, shares = 0, favorites = 0 }: Engagement): number {
  return likes + dislikes + 2 * commentsCount + 2 * favorites + 3 * shares;
}

/** Like percentage of spec §4: likes / (likes + dislikes), rounded; null with no reactions. */
export function likePercentage(likes: number, dislikes: number): number | null {
  const total = likes + dislikes;
  return total === 0 ? null : Math.round((likes / total) * 100);
}

/** A topic's trending score: the same weights as popularity, summed over its takes. */
export function topicScore({ likes, comments, shares }: { likes: number; comments: number; shares: number }): number {
  return likes + 2 * comments + 3 * shares;
}
