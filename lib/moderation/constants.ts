// Reports, hiding and the moderators' lists (docs/product.md#moderation).

const DAY_MS = 24 * 60 * 60 * 1000;

/** A take or comment reported by this many distinct fans in good standing is hidden until a moderator reviews it. */
export const AUTO_HIDE_REPORTERS = 5;
/**
 * Good standing, for a report to count toward hiding: an account at least this
 * old that has taken part (posted a take, commented or reacted). Every report
 * reaches the moderators' queue whatever its reporter's standing; this only
 * keeps a handful of new accounts from hiding anything they like.
 */
export const REPORTER_MIN_ACCOUNT_AGE_MS = 3 * DAY_MS;
/** The moderation queue shows this many reported takes, oldest open report first; the latest actions beside them. */
export const MODERATION_QUEUE_SIZE = 20;
export const MODERATION_LOG_SIZE = 20;
