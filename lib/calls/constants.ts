// Structured calls' numbers (docs/product.md#calls): the day's quota, the lines, settling, the Record tab.

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Calls (docs/product.md#calls): a structured call a take may carry, settled against the league's results. A fan may
 * attach calls to CALLS_PER_DAY takes a UTC day (a take deleted later still used its place). The lines a call may
 * name are bounded by what a game can plausibly produce, so "300 points" is refused with its field and reason.
 */
export const CALLS_PER_DAY = 5;
export const CALL_LINES = {
  margin: { min: 1, max: 60, unit: 'points' },
  total: { min: 150, max: 320, unit: 'points' },
  points: { min: 1, max: 80, unit: 'points' },
  rebounds: { min: 1, max: 35, unit: 'rebounds' },
  assists: { min: 1, max: 30, unit: 'assists' },
  threes: { min: 1, max: 15, unit: 'threes' },
  wins: { min: 1, max: 82, unit: 'wins' },
} as const;
/**
 * A settlement is provisional this long after it is first made: a corrected score or box-score line re-settles it,
 * then it is final. A game postponed and not played within CALL_VOID_AFTER_MS of the tip-off its calls locked at voids
 * them (the scheduled job finds those), and so does a final game whose box score has not come in by then, for its
 * player calls.
 */
export const CALL_PROVISIONAL_MS = 24 * HOUR_MS;
export const CALL_VOID_AFTER_MS = 14 * DAY_MS;
/** The Record tab: its calibration chart shows from this many settled calls (hits and misses), in bins this wide. */
export const CALIBRATION_MIN_CALLS = 20;
export const CALIBRATION_BIN_WIDTH = 0.1;
/** The Record tab and a game's Settled tonight list this many calls a page. */
export const RECORD_PAGE_SIZE = 20;
/** The composer offers a team's or player's next games (today's and upcoming): this many at most. */
export const CALL_GAMES_OFFERED = 6;
