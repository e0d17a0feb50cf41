import {
  addDays,
  canonicalTimeZone,
  dayBounds,
  dayIn,
  dayLabel,
  isDayString,
  tipoffLabel,
  ZONE_FORMATTERS_MAX,
  zoneFormatters,
} from '@/lib/games/game-day';

const HOUR = 60 * 60 * 1000;

describe('the days of the slate', () => {
  it('knows IANA zones by their canonical names and refuses anything else', () => {
    expect(canonicalTimeZone('America/New_York')).toBe('America/New_York');
    expect(canonicalTimeZone('aMERICA/new_YORK')).toBe('America/New_York');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('utc')).toBe('UTC');
    expect(canonicalTimeZone('Mars/Olympus_Mons')).toBeNull();
    expect(canonicalTimeZone('+05:30')).toBeNull();
    expect(canonicalTimeZone('')).toBeNull();
    expect(canonicalTimeZone('x'.repeat(80))).toBeNull();
  });

  // Issue #53 item 1: one formatter was kept per spelling, forever, and a long zone has millions of spellings.
  it('keeps one formatter per canonical zone, a bounded few, however many spellings are read', () => {
    const zone = 'America/Argentina/ComodRivadavia';
    const canonical = canonicalTimeZone(zone)!;
    const tipoff = new Date('2027-01-14T02:30:00Z');
    const spell = (name: string, seed: number) =>
      [...name].map((c, i) => (((seed >> (i % 24)) ^ (seed * (i + 7))) & 1 ? c.toUpperCase() : c.toLowerCase())).join('');
    const spellings = new Set<string>();
    for (let seed = 1; spellings.size < 4000; seed += 1) spellings.add(spell(zone, seed * 2654435761));
    for (const spelling of spellings) {
      expect(canonicalTimeZone(spelling)).toBe(canonical);
      expect(dayIn(tipoff, spelling)).toBe('2027-01-13');
      expect(dayBounds('2027-01-13', spelling).start.toISOString()).toBe('2027-01-13T03:00:00.000Z');
    }
    expect(zoneFormatters()).toBeLessThanOrEqual(2);
    // Every zone there is, read once: the least recently used go past the bound.
    for (const name of Intl.supportedValuesOf('timeZone')) dayIn(tipoff, name);
    expect(zoneFormatters()).toBe(ZONE_FORMATTERS_MAX);
    expect(dayIn(tipoff, 'asia/TOKYO')).toBe('2027-01-14');
    expect(zoneFormatters()).toBe(ZONE_FORMATTERS_MAX);
  });

  it('takes real calendar days only', () => {
    expect(isDayString('2027-02-28')).toBe(true);
    expect(isDayString('2028-02-29')).toBe(true);
    expect(isDayString('2027-02-29')).toBe(false);
    expect(isDayString('2027-13-01')).toBe(false);
    expect(isDayString('27-01-01')).toBe(false);
    expect(isDayString('1800-01-01')).toBe(false);
  });

  it('puts a late tip-off on the day of the zone that reads it', () => {
    // 02:30 UTC is still the evening before in New York and already the next afternoon in Tokyo.
    const tipoff = new Date('2027-01-14T02:30:00Z');
    expect(dayIn(tipoff, 'America/New_York')).toBe('2027-01-13');
    expect(dayIn(tipoff, 'UTC')).toBe('2027-01-14');
    expect(dayIn(tipoff, 'Asia/Tokyo')).toBe('2027-01-14');
  });

  it('spans a day from its local midnight to the next, 23 or 25 hours across a clock change', () => {
    const plain = dayBounds('2027-01-13', 'America/New_York');
    expect(plain.start.toISOString()).toBe('2027-01-13T05:00:00.000Z');
    expect(plain.end.getTime() - plain.start.getTime()).toBe(24 * HOUR);
    const spring = dayBounds('2027-03-14', 'America/New_York');
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * HOUR);
    const fall = dayBounds('2027-11-07', 'America/New_York');
    expect(fall.end.getTime() - fall.start.getTime()).toBe(25 * HOUR);
    expect(dayBounds('2027-01-13', 'Asia/Kolkata').start.toISOString()).toBe('2027-01-12T18:30:00.000Z');
  });

  it('starts a day whose midnight the clock skips at the first instant that exists', () => {
    // Santiago moves its clocks forward at midnight: the day begins at 01:00 local time.
    const { start } = dayBounds('2026-09-06', 'America/Santiago');
    expect(dayIn(start, 'America/Santiago')).toBe('2026-09-06');
    expect(dayIn(new Date(start.getTime() - 1), 'America/Santiago')).toBe('2026-09-05');
  });

  it('moves across months and years, and names days and tip-offs for people', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(dayLabel('2027-01-13')).toBe('Wed, Jan 13');
    expect(tipoffLabel(new Date('2027-01-14T00:30:00Z'), 'America/New_York')).toBe('7:30 PM EST');
  });
});
