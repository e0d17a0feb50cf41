// The league's calendar as the site reads it.

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
/** An NBA season, for the boards, runs from this month (0-based: July, the league year's start) to the next June. */
export const SEASON_START_MONTH = 6;
/**
 * A team's regular season, in games: a season call counts the games not on the schedule yet as still to play, so a
 * schedule imported in parts (or the demo's week) never decides one early.
 */
export const REGULAR_SEASON_GAMES = 82;
