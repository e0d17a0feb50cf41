/**
 * Calendar days in a fan's time zone, for the slate of /games and the composer's "today's games"
 * (docs/product.md#game-day). Plain Intl, so the server and the browser agree on every zone and every
 * daylight-saving change without a date library in either bundle.
 */

/** A calendar day as written in URLs and the API: YYYY-MM-DD. */
export type DayString = string;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** An IANA zone's name as resolvedOptions() gives it: letters first, no offset ("+05:30") and no spaces. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

/**
 * The canonical name of the IANA time zone `zone` spells ("america/NEW_york" → "America/New_York"); null for anything
 * else, offsets such as "+05:30" included. Every zone a request brings (a query, the cookie, a header) goes through
 * this once, and only its answer is used from then on: Intl accepts any letter case, so one zone has millions of
 * spellings, and anything kept per spelling would grow with them. Nothing is kept here; it costs one Intl object,
 * dropped at once.
 */
export function canonicalTimeZone(zone: string): string | null {
  if (zone.length === 0 || zone.length > 64) return null;
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
    return ZONE_NAME.test(name) ? name : null;
  } catch {
    return null;
  }
}

/** Whether `day` is a real calendar day written YYYY-MM-DD, in the years a schedule can hold. */
export function isDayString(day: string): boolean {
  const match = DAY_PATTERN.exec(day);
  if (!match) return false;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const parsed = new Date(Date.UTC(year, month - 1, date));
  return year >= 1946 && year <= 2200 && parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === date;
}

/**
 * Formatters by canonical zone (canonicalTimeZone), the most recently used last: a few dozen zones are read on a
 * busy day, and past ZONE_FORMATTERS_MAX the least recently used goes, so no run of zones grows it further. A
 * formatter never goes stale (the zone rules are the runtime's), so keeping one per process is safe.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
export const ZONE_FORMATTERS_MAX = 64;

/** How many formatters are kept now (at most ZONE_FORMATTERS_MAX). */
export const zoneFormatters = (): number => formatters.size;

function partsFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (formatter) {
    formatters.delete(zone);
    formatters.set(zone, formatter);
  } else {
    const canonical = canonicalTimeZone(zone);
    if (canonical === null) throw new RangeError(`not a time zone: ${zone.slice(0, 64)}`);
    // A spelling that is not the canonical name is read with the canonical one's formatter and never kept under its own.
    if (canonical !== zone) return partsFormatter(canonical);
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
    if (formatters.size > ZONE_FORMATTERS_MAX) formatters.delete(formatters.keys().next().value!);
  }
  return formatter;
}

/** The wall-clock reading of `at` in `zone`, as if it were UTC (milliseconds). */
function wallClock(at: Date, zone: string): number {
  const parts = Object.fromEntries(
    partsFormatter(zone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

/** The calendar day `at` falls on in `zone`. */
export function dayIn(at: Date, zone: string): DayString {
  return new Date(wallClock(at, zone)).toISOString().slice(0, 10);
}

/** `day` moved by `days` calendar days. */
export function addDays(day: DayString, days: number): DayString {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The first instant of `day` in `zone`: its local midnight. The zone's offset is read at a first guess and read
 * again where that guess lands, which settles the days a clock change falls on (a zone that skips midnight starts
 * the day at the first instant that exists).
 */
function startOf(day: DayString, zone: string): Date {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  let guess = midnight - (wallClock(new Date(midnight), zone) - midnight);
  guess = midnight - (wallClock(new Date(guess), zone) - guess);
  // A midnight that does not exist (the clock jumps past it) is read as the instant the day begins.
  while (dayIn(new Date(guess), zone) < day) guess += 60 * 60 * 1000;
  return new Date(guess);
}

/** The instants `day` spans in `zone`, [start, end): 23, 24 or 25 hours. */
export function dayBounds(day: DayString, zone: string): { start: Date; end: Date } {
  return { start: startOf(day, zone), end: startOf(addDays(day, 1), zone) };
}

/** "Tue, Jan 13" for a slate's heading, read the same on the server and in the browser. */
export function dayLabel(day: DayString): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** "7:30 PM EST": a tip-off in the reader's zone, with the zone named, so a page rendered for another zone never misleads. */
export function tipoffLabel(at: Date, zone: string): string {
  return at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: zone, timeZoneName: 'short' });
}
