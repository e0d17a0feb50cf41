import { RELATIVE_DAYS_MAX } from '@/lib/constants';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/**
 * An Intl formatter costs about a millisecond to create and almost nothing to use, and `toLocaleString` with options
 * creates one per call: on a list of cards, rendered on the server and again at hydration, that was the largest
 * share of the cards' script time. One formatter per style and time zone is made once and reused.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(options: Intl.DateTimeFormatOptions, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${JSON.stringify(options)}@${timeZone ?? ''}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    formatters.set(key, format);
  }
  return format;
}
const LONG_DATE: Intl.DateTimeFormatOptions = { month: 'long', day: 'numeric', year: 'numeric' };
const LONG_DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeStyle: 'short' };

/** "March 3, 2026 at 4:05 PM", in the browser's zone unless `timeZone` names one. */
export function fullDateTime(date: Date | string, timeZone?: string): string {
  return formatter(LONG_DATE_TIME, timeZone).format(new Date(date));
}

/**
 * "12 seconds ago", "5 minutes ago", "3 hours ago", "6 days ago", then a long
 * US date ("March 3, 2026"). `timeZone` is for tests and the server; the
 * browser's own zone is used when it is left out.
 */
export function relativeTime(date: Date | string, now: Date | number = Date.now(), timeZone?: string): string {
  const then = new Date(date);
  // A clock a little ahead of the server's would otherwise say "-3 seconds ago".
  const elapsed = Math.max(0, new Date(now).getTime() - then.getTime());
  if (elapsed < SECOND) return 'just now';
  if (elapsed < MINUTE) return plural(Math.floor(elapsed / SECOND), 'second');
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hour');
  const days = Math.floor(elapsed / DAY);
  if (days <= RELATIVE_DAYS_MAX) return plural(days, 'day');
  return formatter(LONG_DATE, timeZone).format(then);
}
