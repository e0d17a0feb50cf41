import {
  applyVote,
  calledIt,
  checkBackOptions,
  dayStart,
  earliestCheckBackDay,
  receiptState,
  resolveCheckBack,
  verdictOf,
} from '@/lib/receipts/receipts';
import { formatDueDate } from '@/lib/receipts/due-date';

const now = new Date('2026-11-23T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const facts = (overrides: Partial<Parameters<typeof receiptState>[0]> = {}) => ({
  checkBackAt: new Date('2026-11-01T00:00:00Z'),
  agedWell: 0,
  agedPoorly: 0,
  dueLikes: null,
  dueDislikes: null,
  ...overrides,
});

describe('check-back dates', () => {
  it('offers the end of the season still ahead, the playoffs and 30 days out', () => {
    expect(checkBackOptions(now)).toEqual([
      { preset: 'regular-season', label: 'End of the regular season', day: '2027-04-11' },
      { preset: 'playoffs', label: 'End of the playoffs', day: '2027-06-18' },
      { preset: '30-days', label: 'In 30 days', day: '2026-12-23' },
    ]);
  });

  it('moves on to the next season once this one has ended', () => {
    const summer = new Date('2027-07-01T00:00:00Z');
    expect(checkBackOptions(summer).map((o) => o.day)).toEqual(['2028-04-09', '2028-06-16', '2027-07-31']);
  });

  it('offers only 30 days once the calendar runs out, and says so when a season preset is sent', () => {
    const later = new Date('2029-01-01T00:00:00Z');
    expect(checkBackOptions(later).map((o) => o.preset)).toEqual(['30-days']);
    expect(resolveCheckBack({ preset: 'playoffs' }, later)).toEqual({ error: expect.stringMatching(/custom date/) });
  });

  it('never opens voting within a week of posting, however late in the UTC day the take is posted', () => {
    expect(earliestCheckBackDay(new Date('2026-11-23T00:00:00Z'))).toBe('2026-11-30');
    expect(earliestCheckBackDay(new Date('2026-11-23T00:00:00.001Z'))).toBe('2026-12-01');
    expect(earliestCheckBackDay(new Date('2026-11-23T23:59:00Z'))).toBe('2026-12-01');
  });

  it('offers a season preset only when it is at least a week away', () => {
    // The 2026-27 regular season ends 2027-04-11: five days out it is no longer offered, and the next one is.
    expect(checkBackOptions(new Date('2027-04-06T00:00:00Z'))[0]).toMatchObject({ preset: 'regular-season', day: '2028-04-09' });
    expect(checkBackOptions(new Date('2027-04-04T00:00:00Z'))[0]).toMatchObject({ preset: 'regular-season', day: '2027-04-11' });
  });

  it('resolves a preset to 00:00 UTC of its day', () => {
    expect(resolveCheckBack({ preset: '30-days' }, now)).toEqual({ at: new Date('2026-12-23T00:00:00Z') });
  });

  it('takes a custom day from a full week out up to two years out', () => {
    // Posted at noon: the 30th starts 6.5 days later, the 1st 7.5 days later.
    expect(resolveCheckBack({ preset: 'custom', date: '2026-12-01' }, now)).toEqual({ at: new Date('2026-12-01T00:00:00Z') });
    expect(resolveCheckBack({ preset: 'custom', date: '2028-11-23' }, now)).toEqual({ at: new Date('2028-11-23T00:00:00Z') });
    for (const date of ['2026-11-30', '2026-11-24', '2026-11-23']) {
      expect(resolveCheckBack({ preset: 'custom', date }, now)).toEqual({ error: 'The check-back date must be at least 7 days out.' });
    }
    expect(resolveCheckBack({ preset: 'custom', date: '2028-11-24' }, now)).toEqual({
      error: 'The check-back date can be at most 2 years out.',
    });
    expect(resolveCheckBack({ preset: 'custom' }, now)).toEqual({ error: 'Choose a check-back date.' });
  });

  it('refuses days that do not exist', () => {
    expect(dayStart('2027-02-30')).toBeNull();
    expect(dayStart('2027-2-3')).toBeNull();
  });

  it('shows the day in UTC, the same everywhere', () => expect(formatDueDate('2027-04-11T00:00:00.000Z')).toBe('Apr 11, 2027'));
});

describe('verdicts', () => {
  it('is pending before the date and open for votes from the date on', () => {
    expect(receiptState(facts(), new Date('2026-10-31T23:59:59Z')).status).toBe('pending');
    expect(receiptState(facts(), new Date('2026-11-01T00:00:00Z')).status).toBe('voting');
  });

  it('waits for ten votes and a week after the date', () => {
    const votes = { agedWell: 8, agedPoorly: 1 };
    expect(receiptState(facts(votes), now).verdict).toBeNull();
    expect(receiptState(facts({ ...votes, agedWell: 9 }), now)).toMatchObject({ status: 'resolved', verdict: 'well' });
    const tenVotes = facts({ agedWell: 9, agedPoorly: 1 });
    expect(receiptState(tenVotes, new Date(new Date('2026-11-01T00:00:00Z').getTime() + 7 * DAY - 1)).verdict).toBeNull();
    expect(receiptState(tenVotes, new Date(new Date('2026-11-01T00:00:00Z').getTime() + 7 * DAY)).verdict).toBe('well');
  });

  it('calls a split within ten points too close', () => {
    expect(verdictOf(55, 45)).toBe('close');
    expect(verdictOf(45, 55)).toBe('close');
    expect(verdictOf(56, 44)).toBe('well');
    expect(verdictOf(3, 7)).toBe('poorly');
    expect(verdictOf(5, 5)).toBe('close');
  });
});

describe('Called it', () => {
  it('goes to a take that aged well while under 30% liked when it came due', () => {
    expect(calledIt('well', 2, 8)).toBe(true);
    expect(calledIt('well', 3, 7)).toBe(false);
  });

  it('needs the verdict to be Aged well, a recorded snapshot and at least one reaction', () => {
    expect(calledIt('close', 0, 9)).toBe(false);
    expect(calledIt('poorly', 0, 9)).toBe(false);
    expect(calledIt('well', null, null)).toBe(false);
    expect(calledIt('well', 0, 0)).toBe(false);
  });

  it('is part of the receipt state', () => {
    const state = receiptState(facts({ agedWell: 10, dueLikes: 1, dueDislikes: 9 }), now);
    expect(state).toMatchObject({ verdict: 'well', calledIt: true, dueAt: '2026-11-01T00:00:00.000Z' });
  });
});

describe('applyVote', () => {
  const counts = { agedWell: 4, agedPoorly: 2 };
  it('adds a first vote', () => expect(applyVote(counts, null, 'well')).toEqual({ agedWell: 5, agedPoorly: 2 }));
  it('moves a vote across', () => expect(applyVote(counts, 'well', 'poorly')).toEqual({ agedWell: 3, agedPoorly: 3 }));
  it('changes nothing on a repeat', () => expect(applyVote(counts, 'poorly', 'poorly')).toEqual(counts));
});
