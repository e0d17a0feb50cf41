/**
 * League facts as pure functions, shared by the data layer, the importer, pages and the browser: a player's stints
 * (which team he was on when), the league's game ids, and the dates league changes are made from.
 */

/** A stretch of a player's career on one team; `from` null: since before the league data's records. */
export type Stint = { team: number; from: Date | null; to: Date | null };

export const INACTIVE_STATUSES = ['retired', 'waived', 'unsigned'] as const;
export type InactiveStatus = (typeof INACTIVE_STATUSES)[number];

/** The stint a player is in now, if he has a team. */
export function openStint(stints: readonly Stint[]): Stint | null {
  return stints.find((stint) => stint.to === null) ?? null;
}

/** The team a player was on at `at`: a stint covers its `from` and ends just before its `to`. */
export function teamAt(stints: readonly Stint[], at: Date): number | null {
  const time = at.getTime();
  const stint = stints.find((s) => (s.from === null || s.from.getTime() <= time) && (s.to === null || time < s.to.getTime()));
  return stint?.team ?? null;
}

/** The latest date the player's record knows him to have moved: a later move may not be dated before it. */
export function lastMove(stints: readonly Stint[]): Date | null {
  let last: number | null = null;
  for (const stint of stints) {
    for (const date of [stint.from, stint.to]) if (date && (last === null || date.getTime() > last)) last = date.getTime();
  }
  return last === null ? null : new Date(last);
}

/**
 * A player's stints after he leaves his team at `at` and, with a `team`, joins that one from then. The caller has
 * checked `at` is not before lastMove(); a move to the team he is on already changes nothing.
 */
export function moveStints(stints: readonly Stint[], team: number | null, at: Date): Stint[] {
  const open = openStint(stints);
  if (open?.team === team) return [...stints];
  const closed = stints.map((stint) => (stint === open ? { ...stint, to: at } : stint));
  return team === null ? closed : [...closed, { team, from: at, to: null }];
}

/** The teams a player has left, most recent first. */
export function formerStints(stints: readonly Stint[]): Stint[] {
  return stints.filter((stint) => stint.to !== null).reverse();
}

/** A stint as stored or as JSON carried it: dates as Date objects or ISO strings. */
export type StintLike = { team: number; from?: Date | string | null; to?: Date | string | null };

const toDate = (value: Date | string | null | undefined): Date | null => (value == null ? null : new Date(value));

export function toStints(stints: readonly StintLike[] | null | undefined): Stint[] {
  return (stints ?? []).map((s) => ({ team: s.team, from: toDate(s.from), to: toDate(s.to) }));
}

/**
 * The league's game ids are ten digits, "0022600123": 00, the kind of game (1 preseason, 2 regular season, 4
 * playoffs, 5 play-in, 6 the Cup's final), the season's first year's last two digits, then the game's number. They
 * are stored as numbers (22600123), so this puts the leading zeros back.
 */
export function gameIdText(id: number): string {
  return String(id).padStart(10, '0');
}

/** The season ("2026-27") a game id belongs to, or null when the id does not say. */
export function seasonOfGameId(id: number): string | null {
  const text = gameIdText(id);
  if (text.length !== 10 || !/^00[1-6]\d{7}$/.test(text)) return null;
  return seasonName(2000 + Number(text.slice(3, 5)));
}

/** "2026-27" for the season that starts in the autumn of 2026. */
export function seasonName(firstYear: number): string {
  return `${firstYear}-${String((firstYear + 1) % 100).padStart(2, '0')}`;
}

/**
 * A date a league change is made from: a calendar day ("2026-02-05", read as 00:00 UTC, the convention of the
 * league's own transaction dates) or an instant with its time zone ("2026-02-05T19:30:00-05:00"). Null when the text
 * is neither.
 */
export function parseLeagueDate(text: string): Date | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (day) {
    const date = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
    return date.toISOString().slice(0, 10) === text ? date : null;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return null;
  const instant = new Date(text);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** "Feb 5, 2026": how the console and the player page show a move's day (in UTC, as it was entered). */
export function formatLeagueDay(date: Date | string): string {
  return new Date(date).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}
