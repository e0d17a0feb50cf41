/**
 * Ranking formulas (docs/product.md#ranking). They live here, and only here, so the feed, search and
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

/** Like percentage of docs/product.md#interactions: likes / (likes + dislikes), rounded; null with no reactions. */
export function likePercentage(likes: number, dislikes: number): number | null {
  const total = likes + dislikes;
  return total === 0 ? null : Math.round((likes / total) * 100);
}

/** A topic's trending score: the same weights as popularity, summed over its takes. */
export function topicScore({ likes, comments, shares }: { likes: number; comments: number; shares: number }): number {
  return likes + 2 * comments + 3 * shares;
}

/** z for a 95% confidence interval: the Best sort trusts a like share only as far as 95% of the evidence goes. */
const WILSON_Z = 1.96;

/**
 * Best: the lower bound of the Wilson score interval for the like share.
 *
 *   n = likes + dislikes, p = likes / n
 *   (p + z²/2n − z·√(p(1−p)/n + z²/4n²)) / (1 + z²/n)
 *
 * Sorting by the raw share puts a take with 1 like and no dislikes (100%)
 * above one with 95 of 100; sorting by likes minus dislikes favours whatever
 * was seen most. The lower bound asks "how good is this take at least, given
 * how many people have judged it?": few votes leave a wide interval and a low
 * bound, many votes a narrow one close to the share. So 9 of 10 (0.60) beats
 * 60 of 100 (0.50), because 60% of 100 is not enough evidence of more than
 * half; but 90 of 100 (0.83) beats 9 of 10, and 1 of 1 (0.21) beats nothing.
 * It is Evan Miller's "How Not To Sort By Average Rating", as Reddit uses for
 * comments. Zero with no reactions. Rounded like hotScore, so a stored value
 * can travel in a page cursor exactly.
 */
export function wilsonLowerBound(rawLikes: number, rawDislikes: number): number {
  // A stored count can be below zero for a moment (a fan's switched reaction whose two writes landed in the other
  // order, evened out by the next); read as zero, so the bound is never NaN.
  const [likes, dislikes] = [Math.max(0, rawLikes), Math.max(0, rawDislikes)];
  const n = likes + dislikes;
  if (n <= 0) return 0;
  const p = likes / n;
  const z2 = WILSON_Z * WILSON_Z;
  const bound = (p + z2 / (2 * n) - WILSON_Z * Math.sqrt((p * (1 - p) + z2 / (4 * n)) / n)) / (1 + z2 / n);
  return Number(Math.max(0, bound).toFixed(7));
}

/**
 * Spiciest: Reddit's controversy sort.
 *
 *   magnitude = likes + dislikes
 *   balance   = min(likes, dislikes) / max(likes, dislikes)
 *   spice     = magnitude ^ balance      (0 when either side is empty)
 *
 * A take is spicy when many fans react and they split close to evenly. The
 * balance exponent is 1 for a perfect split, so 50/50 scores its full 100,
 * and falls towards 0 as one side wins, so 90/10 scores 100^0.11 ≈ 1.7: a
 * lopsided take stays near the bottom however many fans saw it. Among even
 * splits the bigger crowd wins (50/50 beats 5/5). Unanimous takes, loved or
 * hated, score 0: nobody is arguing. Comments are left out on purpose: the
 * question is how split the reactions are, not how loud.
 */
export function spice(likes: number, dislikes: number): number {
  if (likes <= 0 || dislikes <= 0) return 0;
  const magnitude = likes + dislikes;
  const balance = Math.min(likes, dislikes) / Math.max(likes, dislikes);
  return Number((magnitude ** balance).toFixed(7));
}
