/** The numbers of spec §9, in one place for the server, the client and the tests. */
export const LEAGUE = 'nba';

export const FEED_PAGE_SIZE = 10;
export const FEED_MAX_PAGE_SIZE = 50;
export const COMMENTS_PAGE_SIZE = 15;
export const COMMENTS_MAX_PAGE_SIZE = 50;

export const TAKE_TITLE_MAX = 80;
export const TAKE_DESCRIPTION_MAX = 300;
export const TAKE_EXTRA_TAGS_MAX = 4;
export const TAKE_TAGS_MAX = 1 + TAKE_EXTRA_TAGS_MAX;
export const COMMENT_TEXT_MAX = 1000;
export const REPORT_REASON_MAX = 400;

export const USERNAME_MIN = 4;
export const USERNAME_MAX = 15;
export const USERNAME_PATTERN = /^[a-z][a-z0-9_]{3,14}$/;
export const USERNAME_DEBOUNCE_MS = 500;
export const MINIMUM_AGE = 13;

export const SEARCH_DEBOUNCE_MS = 400;
export const SEARCH_RESULTS = 5;

export const TRENDING_TOPICS = 10;
export const TRENDING_TOPICS_PER_COLUMN = 5;
export const TRENDING_TAKES = 10;

const HOUR_MS = 60 * 60 * 1000;
/** Trending windows; `all` has no lower bound. */
export const TIME_WINDOWS_MS = { '12h': 12 * HOUR_MS, '24h': 24 * HOUR_MS, week: 168 * HOUR_MS, all: null } as const;
export type TimeRange = keyof typeof TIME_WINDOWS_MS;

export const SHARE_POPUP_CLOSE_MS = 1000;
export const TOAST_SHELL_MS = 2800;
export const TOAST_SHELL_MAX = 3;
export const TOAST_ACTION_MS = 5000;
export const MODAL_TRANSITION_MS = 300;
export const MODAL_BACKDROP_MS = 150;
export const SIGN_IN_PROMPT_DELAY_MS = 10_000;

export const SHARE_IMAGE = { width: 1080, height: 1920 } as const;
export const OG_IMAGE = { width: 1200, height: 630 } as const;
export const TOPIC_PREVIEW_PX = 120;
export const PROFILE_PICTURE_PX = 125;

export const POLICY_EFFECTIVE_DATE = 'February 23, 2025';

/**
 * Abuse limits per signed-in user (or per client IP for signed-out calls):
 * [points, window in seconds]. A client IP gets IP_LIMIT_FACTOR times as many,
 * since many fans can share one address (a campus, a mobile carrier's NAT).
 */
export const RATE_LIMITS = {
  take: [6, 10 * 60],
  comment: [30, 60],
  reaction: [120, 60],
  report: [10, 60 * 60],
  follow: [200, 24 * 60 * 60],
  upload: [10, 60 * 60],
  signup: [10, 60 * 60],
  usernameCheck: [60, 60],
} as const satisfies Record<string, readonly [number, number]>;
export type RateLimitKind = keyof typeof RATE_LIMITS;
export const IP_LIMIT_FACTOR = 3;
