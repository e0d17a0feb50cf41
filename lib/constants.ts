/**
 * The product's business constants and limits (docs/product.md#limits), in one place for the server, the client and
 * the tests. Every other number sits beside its domain: `lib/<domain>/constants.ts` (callers, calls, receipts,
 * filters, games, league, discovery, notifications, moderation, og), the request schemas' own caps in lib/validation,
 * the abuse limits in lib/rate-limit.ts, the session's in lib/session.ts and lib/auth.ts.
 */
export const LEAGUE = 'nba';

export const FEED_PAGE_SIZE = 10;
export const COMMENTS_PAGE_SIZE = 15;

export const TAKE_TITLE_MAX = 80;
export const TAKE_DESCRIPTION_MAX = 300;
export const TAKE_EXTRA_TAGS_MAX = 4;
export const TAKE_TAGS_MAX = 1 + TAKE_EXTRA_TAGS_MAX;
export const REPORT_REASON_MAX = 400;

export const USERNAME_MIN = 4;
export const USERNAME_MAX = 15;
export const USERNAME_PATTERN = /^[a-z][a-z0-9_]{3,14}$/;
// Here rather than beside the schema (lib/validation/users.ts): the username form shows it as the fan types, and
// importing it from there would bring zod into the form's first load.
export const USERNAME_MESSAGE =
  'Username must be 4-15 characters long, can only contain letters, numbers, underscores, and must start with a letter.';
export const USERNAME_DEBOUNCE_MS = 500;
export const MINIMUM_AGE = 13;

export const SEARCH_DEBOUNCE_MS = 400;
export const SEARCH_RESULTS = 5;

export const TRENDING_TOPICS = 10;
export const TRENDING_TOPICS_PER_COLUMN = 5;

const HOUR_MS = 60 * 60 * 1000;
/** Trending windows; `all` has no lower bound. */
export const TIME_WINDOWS_MS = { '12h': 12 * HOUR_MS, '24h': 24 * HOUR_MS, week: 168 * HOUR_MS, all: null } as const;
export type TimeRange = keyof typeof TIME_WINDOWS_MS;

/** Relative time ("3 days ago") up to this many days, then the date itself (lib/format/relative-time.ts). */
export const RELATIVE_DAYS_MAX = 6;
/** Counts stay exact up to 9999 and are abbreviated in thousands from this on (lib/format/format-count.ts). */
export const COUNT_ABBREVIATE_FROM = 10_000;

export const SHARE_POPUP_CLOSE_MS = 1000;
export const TOAST_SHELL_MS = 2800;
export const TOAST_SHELL_MAX = 3;
export const TOAST_ACTION_MS = 5000;
export const MODAL_TRANSITION_MS = 300;
export const MODAL_BACKDROP_MS = 150;
export const SIGN_IN_PROMPT_DELAY_MS = 10_000;

export const SHARE_IMAGE = { width: 1080, height: 1920 } as const;
export const TOPIC_PREVIEW_PX = 120;
export const PROFILE_PICTURE_PX = 125;

export const POLICY_EFFECTIVE_DATE = 'February 23, 2025';
