// A fan's filters' numbers (docs/product.md#filters): mutes, the spoiler shield, how a thinned list is filled.

const DAY_MS = 24 * 60 * 60 * 1000;

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
