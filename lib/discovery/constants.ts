// Trending, the fan split, Following's suggestions and the Saved list.

const DAY_MS = 24 * 60 * 60 * 1000;

export const TRENDING_TAKES = 10;

/** The fan-base split shows on a take once this many fans of its team have reacted. */
export const FAN_SPLIT_MIN_FANS = 5;
/** Trending's divisive view ranks teams over the takes of the past week. */
export const DIVISIVE_WINDOW_MS = 7 * DAY_MS;
export const DIVISIVE_TEAMS = 10;
/** A fan's Saved list, a page at a time. */
export const SAVES_PAGE_SIZE = 10;

/** The Following tab's empty state suggests this many of the most-followed users one does not follow yet. */
export const FOLLOW_SUGGESTIONS = 5;
