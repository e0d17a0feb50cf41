// Game day's numbers and names (docs/product.md#game-day).

const HOUR_MS = 60 * 60 * 1000;

/**
 * Game day (docs/product.md#game-day). A take can be filed on a game from GAME_TAKE_WINDOW_MS before its tip-off to
 * as long after it: "today's games" in any time zone fall inside it, and a thread stays open through the night after.
 * The slate is read in the fan's zone (the TIME_ZONE_COOKIE their browser sets, or ?tz=); before either is known, in
 * the league's own zone, named beside every time.
 */
export const GAME_TAKE_WINDOW_MS = 36 * HOUR_MS;
export const LEAGUE_TIME_ZONE = 'America/New_York';
export const TIME_ZONE_COOKIE = 'takes_tz';
