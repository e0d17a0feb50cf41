import { fullDateTime, relativeTime } from '@/lib/format/relative-time';

const now = new Date('2026-03-20T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('relativeTime', () => {
  it('counts seconds under a minute, singular for one', () => {
    expect(relativeTime(ago(1_000), now)).toBe('1 second ago');
    expect(relativeTime(ago(59_999), now)).toBe('59 seconds ago');
  });

  it('says just now under a second and never shows a negative age', () => {
    expect(relativeTime(ago(400), now)).toBe('just now');
    expect(relativeTime(ago(-5_000), now)).toBe('just now');
  });

  it('switches to minutes, then hours', () => {
    expect(relativeTime(ago(60_000), now)).toBe('1 minute ago');
    expect(relativeTime(ago(59 * 60_000), now)).toBe('59 minutes ago');
    expect(relativeTime(ago(60 * 60_000), now)).toBe('1 hour ago');
    expect(relativeTime(ago(23 * 3_600_000 + 59 * 60_000), now)).toBe('23 hours ago');
  });

  it('counts days up to six days', () => {
    expect(relativeTime(ago(24 * 3_600_000), now)).toBe('1 day ago');
    expect(relativeTime(ago(6 * 24 * 3_600_000 + 23 * 3_600_000), now)).toBe('6 days ago');
  });

  it('shows a long US date from the seventh day on', () => {
    expect(relativeTime(ago(7 * 24 * 3_600_000), now, 'UTC')).toBe('March 13, 2026');
    expect(relativeTime('2025-12-31T23:30:00Z', now, 'UTC')).toBe('December 31, 2025');
  });

  it('writes the date in the given time zone', () => {
    expect(relativeTime('2026-03-03T02:00:00Z', now, 'America/Los_Angeles')).toBe('March 2, 2026');
  });

  it('accepts ISO strings as sent by the API', () => {
    expect(relativeTime('2026-03-20T11:57:00.000Z', now)).toBe('3 minutes ago');
  });
});

describe('fullDateTime', () => {
  it('writes the long date and time a card shows on hover', () => {
    expect(fullDateTime('2026-03-03T16:05:00Z', 'UTC')).toBe('March 3, 2026 at 4:05 PM');
  });

  it('keeps each time zone apart', () => {
    expect(fullDateTime('2026-03-03T02:00:00Z', 'America/Los_Angeles')).toBe('March 2, 2026 at 6:00 PM');
    expect(fullDateTime('2026-03-03T02:00:00Z', 'UTC')).toBe('March 3, 2026 at 2:00 AM');
  });
});
