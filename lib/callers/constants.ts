// Callers' numbers (docs/product.md#callers): the crowd, the scoring, the boards, linked fans, the check-back quota.

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Callers (lib/callers/callers.ts): the board of fans whose receipts aged well. A
 * verdict scores against the crowd's odds, read from the take's likes and
 * dislikes as they stood CALLER_CROWD_AFTER_MS after it was posted and clamped
 * to CALLER_CROWD_CLAMP; the rating shrinks toward zero by CALLER_PRIOR_RECEIPTS
 * phantom receipts. A fan qualifies with CALLER_MIN_SCORED scored receipts due on
 * CALLER_MIN_DAYS different days, and is provisional below CALLER_SETTLED_AT.
 */
export const CALLER_CROWD_AFTER_MS = 48 * HOUR_MS;
/**
 * A take with a check-back date deleted later than this after posting scores as aged poorly: time to fix a typo,
 * too short for the game or the news it names to come in (the losers of a night's calls cannot be taken back).
 */
export const CALLER_TAKE_BACK_MS = 15 * 60 * 1000;
export const CALLER_CROWD_CLAMP = { min: 0.1, max: 0.9 } as const;
/** z of the Wilson lower bound: a verdict's majority and a caller's hit rate (one-sided 90%). */
export const CALLER_WILSON_Z = 1.28;
export const CALLER_PRIOR_RECEIPTS = 10;
export const CALLER_MIN_SCORED = 5;
export const CALLER_MIN_DAYS = 3;
export const CALLER_SETTLED_AT = 15;
export const CALLERS_PAGE_SIZE = 20;
/** A board's top this many: entering it is notified. */
export const CALLERS_TOP = 10;
/**
 * Who counts in a call's crowd and verdict (docs/product.md#callers, and on /callers): an account at least this old
 * (when the take was posted for its crowd, on the check-back date for its verdict).
 */
export const CALLER_VOTER_MIN_AGE_MS = 14 * DAY_MS;
/**
 * Linked accounts count as one fan on a call. Accounts made from one network (an IPv4 address, an IPv6 /64) within
 * CALLER_SIGNUP_LINK_MS of the first of them are linked; so are fans in step: on at least `takes` takes both acted
 * within `windowMs` of each other (a reaction or a verdict vote), or both reacted and both voted on the same call, and
 * those takes are at least `share` of what one of them acted on in the `lookbackMs` before (up to `readLimit` of
 * each kind), so fans who do much else besides are not linked by the popular takes they meet on. A take more than
 * `busyTake` of a call's fans acted on says nothing about any two of them, and is passed over (which also bounds the
 * work: pairs are counted per take).
 */
export const CALLER_SIGNUP_LINK_MS = 7 * DAY_MS;
export const CALLER_IN_STEP = { windowMs: HOUR_MS, takes: 3, share: 0.5, busyTake: 50, lookbackMs: 180 * DAY_MS, readLimit: 500 } as const;
export const CALLER_VOTES_PER_AUTHOR = { max: 3, windowMs: 30 * DAY_MS } as const;
export const CHECK_BACK_TAKES_PER_DAY = 3;
/** The moderation queue's Callers verdicts most of whose voters follow the author (lib/data/callers/caller-review.ts). */
export const CALLER_REVIEW_SIZE = 20;
