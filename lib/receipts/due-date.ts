/**
 * A receipt's check-back day as fans read it, in UTC (lib/receipts/receipts.ts says why), on its own so a card that shows
 * "Receipts due …" carries this and not the receipts' rules.
 */

// Made once: `toLocaleDateString` with options builds a formatter on every call (see lib/format/relative-time.ts).
const DUE_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** "Apr 11, 2027". */
export function formatDueDate(at: Date | string): string {
  return DUE_DATE.format(new Date(at));
}
