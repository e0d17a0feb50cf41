// The bell's and the live polls' numbers.

/** Notifications: a page of the list, and the likes counts a take's author hears about once each. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const LIKE_MILESTONES = [10, 50, 100, 500, 1000] as const;
/** The bell counts up to this many unread and shows "9+" beyond; counting stops there. */
export const UNREAD_DISPLAY_MAX = 9;

/**
 * Live updates (docs/features.md#live-updates): how often a visible page asks what
 * changed. The feed asks for its newest take once a minute, as Bluesky's does;
 * an open take its counts and comment total every 20 s, an open game thread its
 * score and newest take every 20 s; a fan's tabs share one
 * unread poll every 30 s, slowed fourfold once the bell already shows 9+. A
 * hidden tab asks nothing, and a failed poll doubles its wait up to 5 minutes.
 */
export const LIVE_POLL_MS = { feed: 60_000, take: 20_000, unread: 30_000, game: 20_000 } as const;
export const LIVE_UNREAD_FULL_FACTOR = 4;
export const LIVE_BACKOFF_MAX_MS = 300_000;
/** Seconds a CDN may answer a public poll itself, and serve it stale while it asks again. */
export const LIVE_CDN_SECONDS = { fresh: 5, stale: 25 } as const;
