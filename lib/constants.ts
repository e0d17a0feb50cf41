/** The numbers of docs/product.md#limits, in one place for the server, the client and the tests. */
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

/** The page background, also the browser's theme colour and the installed app's splash. */
export const SITE_COLORS = { background: '#0b0f17' } as const;

export const SHARE_IMAGE = { width: 1080, height: 1920 } as const;
export const OG_IMAGE = { width: 1200, height: 630 } as const;
/**
 * Share images rendered at once by one server instance (/api/capture); a request past it is answered 503 with
 * Retry-After at once, never queued. Rendering is CPU work on the instance's own thread.
 */
export const CAPTURE_RENDERS_AT_ONCE = 4;
/**
 * Entity art drawn into the share and preview images, fetched from the storage
 * host (lib/og/entity-art.ts): a render waits at most `timeoutMs` for it, then
 * draws the badge. Kept per process, a failure for a minute so an outage of the
 * host costs one wait, not one per render.
 */
export const ENTITY_ART = {
  timeoutMs: 1500,
  maxBytes: 2 * 1024 * 1024,
  maxPixels: 16_000_000,
  px: 256,
  cacheEntries: 200,
  ttlMs: 60 * 60 * 1000,
  failureTtlMs: 60 * 1000,
} as const;
export const TOPIC_PREVIEW_PX = 120;
export const PROFILE_PICTURE_PX = 125;

export const POLICY_EFFECTIVE_DATE = 'February 23, 2025';

/** The fallback labels of docs/product.md#messages: a tag whose entity is gone, a comment whose author is gone, empty text. */
export const FALLBACK_LABELS = { tag: 'Unknown Tag', commentAuthor: 'Anonymous', content: 'No content available' } as const;

const DAY_MS = 24 * HOUR_MS;

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

/**
 * The league calendar behind the check-back presets (UTC days). The 2026-27
 * and later rows are projected from the usual shape of a season (regular season
 * ends the second Sunday of April, the Finals' last possible game in mid-June);
 * correct them when the league publishes its schedule. Past the last row only
 * the 30-day and custom presets are offered.
 */
export const SEASON_CALENDAR = [
  { season: '2025-26', regularSeasonEnd: '2026-04-12', playoffsEnd: '2026-06-19' },
  { season: '2026-27', regularSeasonEnd: '2027-04-11', playoffsEnd: '2027-06-18' },
  { season: '2027-28', regularSeasonEnd: '2028-04-09', playoffsEnd: '2028-06-16' },
] as const;

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
/** An NBA season, for the boards, runs from this month (0-based: July, the league year's start) to the next June. */
export const SEASON_START_MONTH = 6;

/** The fan-base split shows on a take once this many fans of its team have reacted. */
export const FAN_SPLIT_MIN_FANS = 5;
/** Trending's divisive view ranks teams over the takes of the past week. */
export const DIVISIVE_WINDOW_MS = 7 * DAY_MS;
export const DIVISIVE_TEAMS = 10;

/**
 * Game day (docs/product.md#game-day). A take can be filed on a game from GAME_TAKE_WINDOW_MS before its tip-off to
 * as long after it: "today's games" in any time zone fall inside it, and a thread stays open through the night after.
 * The slate is read in the fan's zone (the TIME_ZONE_COOKIE their browser sets, or ?tz=); before either is known, in
 * the league's own zone, named beside every time.
 */
export const GAME_TAKE_WINDOW_MS = 36 * HOUR_MS;
export const LEAGUE_TIME_ZONE = 'America/New_York';
export const TIME_ZONE_COOKIE = 'takes_tz';

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
/**
 * A team's regular season, in games: a season call counts the games not on the schedule yet as still to play, so a
 * schedule imported in parts (or the demo's week) never decides one early.
 */
export const REGULAR_SEASON_GAMES = 82;
export const CALL_VOID_AFTER_MS = 14 * DAY_MS;
/** The Record tab: its calibration chart shows from this many settled calls (hits and misses), in bins this wide. */
export const CALIBRATION_MIN_CALLS = 20;
export const CALIBRATION_BIN_WIDTH = 0.1;
/** The Record tab and a game's Settled tonight list this many calls a page. */
export const RECORD_PAGE_SIZE = 20;
/** The composer offers a team's or player's next games (today's and upcoming): this many at most. */
export const CALL_GAMES_OFFERED = 6;
/** A fan's Saved list, a page at a time. */
export const SAVES_PAGE_SIZE = 10;

/** The Following tab's empty state suggests this many of the most-followed users one does not follow yet. */
export const FOLLOW_SUGGESTIONS = 5;

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

/**
 * The Firebase session cookie that lets a page render for the fan reading it
 * (HttpOnly; `__session` is the one cookie Firebase Hosting passes through).
 * It authorises no write: every mutation still needs the bearer token.
 */
export const SESSION_COOKIE = '__session';
/** A session cookie's life (Firebase allows 5 minutes to 2 weeks), counted from the sign-in it was minted for. */
export const SESSION_MAX_AGE_MS = 14 * 24 * HOUR_MS;
/**
 * How recent a sign-in must be to mint a session cookie, delete the account or
 * download its data (Firebase's session-cookie guide uses the same 5 minutes);
 * older, the fan is asked to sign in again.
 */
export const RECENT_SIGN_IN_MS = 5 * 60 * 1000;
/** Takes and comments one GET /api/user-action/{uid}/marks may ask about: a page of either, with room to spare. */
export const MARKS_MAX_IDS = 100;

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
/** The moderation queue's Callers verdicts most of whose voters follow the author (lib/data/callers/caller-review.ts). */
export const CALLER_REVIEW_SIZE = 20;

/**
 * A fan's own filters (docs/product.md#filters): muted words, players and teams, each for a day, a week or until
 * removed; and the spoiler shield, which collapses what is said about a game from its tip-off until the fan taps
 * Watched or the hours they chose have passed.
 */
export const MUTE_DURATIONS_MS = { '24h': DAY_MS, '7d': 7 * DAY_MS, always: null } as const;
export type MuteDuration = keyof typeof MUTE_DURATIONS_MS;
export const MUTED_WORDS_MAX = 100;
export const MUTED_WORD_MAX_LENGTH = 40;
/** Muted players and teams together. */
export const MUTED_SUBJECTS_MAX = 60;
/** A muted phrase matches these many consecutive words at most. */
export const MUTED_PHRASE_WORDS = 5;
export const SHIELD_HOURS = [3, 6, 12, 24, 48, 168] as const;
export const SHIELD_DEFAULT_HOURS = 24;
export const SHIELD_TEAMS_MAX = 30;
/** Single games marked "not watched yet" at once. */
export const SHIELD_GAMES_MAX = 50;
/**
 * Watched taps kept, the newest (lib/data/filters/filter-settings.ts trims the rest): more than the games of 30
 * teams watched later in the longest window (a week, about 105), so no tap a shield still needs is trimmed.
 */
export const SHIELD_WATCHED_MAX = 150;
/**
 * A page the fan's filters thinned is filled from the pages after it, up to this many more: a page of 10 comes back
 * with 10 unless most of the next pages are hidden too, and a list read for one fan never reads more than
 * (1 + this) pages. The cursor stays right after the last item shown.
 */
export const FILTER_FILL_PAGES = 3;
/**
 * The feed is read for a fan whose filters hold anything this many pages at a time: one cached entry every such
 * reader shares, one read of its counts, and most pages the filter thins are filled without a second read.
 */
export const FILTER_FEED_PAGES = 2;

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
  receiptVote: [60, 60],
  favoriteTeam: [10, 60 * 60],
  notificationsRead: [120, 60],
  moderation: [600, 60 * 60],
  block: [100, 24 * 60 * 60],
  // Muting, unmuting, watch-later teams and games, Watched: a fan tidying their filters makes a few dozen at most.
  filters: [120, 60 * 60],
  accountExport: [10, 60 * 60],
  session: [30, 60 * 60],
  // The most one search box can send: a request only after SEARCH_DEBOUNCE_MS without typing, so a fan typing
  // without end never meets it; the address's window (x3) leaves room for a few people behind one network.
  search: [Math.ceil(60_000 / SEARCH_DEBOUNCE_MS), 60],
  // Share images (/api/capture): a fan saves one per click on Save Image, the button waiting for each.
  capture: [30, 10 * 60],
  // Saving a take and unsaving it: a fan keeping what they read, not a script.
  save: [120, 60 * 60],
} as const satisfies Record<string, readonly [number, number]>;
export type RateLimitKind = keyof typeof RATE_LIMITS;
export const IP_LIMIT_FACTOR = 3;
