import { addDays, dayBounds, dayIn, dayLabel, isDayString, isTimeZone, tipoffLabel } from '@/lib/game-day';

const HOUR = 60 * 60 * 1000;

describe('the days of the slate', () => {
  it('knows IANA zones and refuses anything else', () => {
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone('x'.repeat(80))).toBe(false);
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
