// Receipts' numbers (docs/product.md#receipts): check-back dates, votes and verdicts, the scheduled job's reach.

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Receipts: a take may name a day to check back on it (lib/receipts/receipts.ts). From
 * that day other fans vote Aged well or Aged poorly; a verdict shows once
 * enough votes are in and they have had a week to come in.
 */
/** The check-back choices of the create form; 'custom' names its own day. */
export const CHECK_BACK_PRESETS = ['regular-season', 'playoffs', '30-days', 'custom'] as const;
export const CHECK_BACK_PRESET_DAYS = 30;
export const CHECK_BACK_MAX_YEARS = 2;
/**
 * The nearest check-back date is the first UTC day that starts at least this long after posting. The crowd a call is
 * scored against forms over its first CALLER_CROWD_AFTER_MS; a week keeps voting from opening while it forms (a
 * "tomorrow" posted at 23:59 UTC opened a minute later), and makes every call look past more than one night's games.
 */
export const CHECK_BACK_MIN_MS = 7 * DAY_MS;
export const RECEIPT_MIN_VOTES = 10;
export const RECEIPT_VERDICT_AFTER_MS = 7 * DAY_MS;
/** A verdict whose two sides are at most this many percentage points apart is Too close to call. */
export const RECEIPT_CLOSE_MARGIN = 10;
/** Called it: the take aged well while fewer than this share of its reactions were likes when it came due. */
export const CALLED_IT_LIKE_SHARE = 0.3;
/** /receipts lists takes that came due within this window and still await a verdict. */
export const RECEIPTS_DUE_WINDOW_MS = 14 * DAY_MS;
/**
 * How far back the scheduled job (app/api/cron) looks for receipts that came due
 * or reached a verdict by time without it noticing: missed runs within this are
 * caught up. Its schedule (vercel.json) runs just after 00:00 UTC, when check-back
 * days and verdict weeks begin.
 */
export const RECEIPTS_CATCH_UP_MS = 30 * DAY_MS;
