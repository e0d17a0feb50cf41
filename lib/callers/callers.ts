import {
  CALLER_CROWD_CLAMP,
  CALLER_MIN_DAYS,
  CALLER_MIN_SCORED,
  CALLER_PRIOR_RECEIPTS,
  CALLER_SETTLED_AT,
  CALLER_WILSON_Z,
} from '@/lib/callers/constants';
import { RECEIPT_MIN_VOTES } from '@/lib/receipts/constants';
import { SEASON_START_MONTH } from '@/lib/league/constants';

/**
 * Callers: how a fan's receipts become a rating. Pure functions, shared by the
 * scheduled job that scores receipts, the repair that recomputes ratings from
 * the scored facts, and the board's "How callers are ranked" text.
 *
 * A verdict is scored against the crowd. The crowd's odds that the take is
 * right are its like share, smoothed by one like and one dislike and clamped,
 * so a take nobody reacted to is a coin flip and no take is a sure thing or a
 * hopeless one: calling what everybody believes earns little, calling what the
 * crowd disliked and being right earns a lot, being wrong always costs 1 (an
 * "aged well" at odds c pays (1−c)/c: a fair bet's payout, so a fan who only
 * agrees with the crowd breaks even on average).
 */

export type ScoredVerdict = 'well' | 'poorly' | 'close';
/** A board: all time, or one NBA season ('2026-27'). */
export type Board = 'all' | `${number}-${number}`;

/** The crowd's odds that a take is right, from its likes and dislikes. */
export function crowdOdds(likes: number, dislikes: number): number {
  const odds = (likes + 1) / (likes + dislikes + 2);
  return Math.min(CALLER_CROWD_CLAMP.max, Math.max(CALLER_CROWD_CLAMP.min, odds));
}

/** The Wilson score interval's lower bound of `hits` out of `n` (0 when n is 0). */
export function wilsonLower(hits: number, n: number, z: number = CALLER_WILSON_Z): number {
  if (n <= 0) return 0;
  const p = hits / n;
  const z2 = z * z;
  const centre = p + z2 / (2 * n);
  const spread = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return (centre - spread) / (1 + z2 / n);
}

/**
 * The verdict a receipt is scored by, from the votes that count: the majority
 * side, when at least RECEIPT_MIN_VOTES count and the majority's Wilson lower
 * bound is above one half (the crowd of voters is sure, not just ahead);
 * otherwise close, which scores nothing.
 */
export function scoredVerdict(well: number, poorly: number): ScoredVerdict {
  const n = well + poorly;
  if (n < RECEIPT_MIN_VOTES || well === poorly) return 'close';
  const majority = Math.max(well, poorly);
  if (wilsonLower(majority, n) <= 0.5) return 'close';
  return well > poorly ? 'well' : 'poorly';
}

/** A scored receipt's points at the crowd's odds `crowd`. */
export function verdictPoints(verdict: ScoredVerdict, crowd: number): number {
  if (verdict === 'well') return (1 - crowd) / crowd;
  if (verdict === 'poorly') return -1;
  return 0;
}

/**
 * A caller's rating: their points over their scored receipts plus
 * CALLER_PRIOR_RECEIPTS that scored nothing, so two lucky calls cannot top ten
 * good ones ("no better than the crowd" is 0).
 */
export function callerRating(points: number, scored: number): number {
  return points / (scored + CALLER_PRIOR_RECEIPTS);
}

export type CallerStanding = {
  /** Scored receipts: those that aged well or poorly (close ones count in `close`, not here). */
  scored: number;
  /** Different check-back days among the scored receipts. */
  days: number;
};

/** On a board: enough scored receipts, due on enough different days that one night's luck cannot qualify a fan. */
export function qualifies({ scored, days }: CallerStanding): boolean {
  return scored >= CALLER_MIN_SCORED && days >= CALLER_MIN_DAYS;
}

export function isProvisional({ scored }: CallerStanding): boolean {
  return scored < CALLER_SETTLED_AT;
}

/** The season board a receipt counts on, by its check-back day: '2026-27' runs from July 2026 to June 2027. */
export function seasonOf(dueAt: Date): Board {
  const year = dueAt.getUTCFullYear();
  const start = dueAt.getUTCMonth() >= SEASON_START_MONTH ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}` as Board;
}

/** "2026–27", as a board is titled. */
export function seasonLabel(season: Board): string {
  return season === 'all' ? 'All time' : season.replace('-', '–');
}
