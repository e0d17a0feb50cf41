import { callersQuery, encodeCallersCursor } from '@/lib/validation/callers';
import { boardTitle, formatHitRate, formatRating, formatRecord } from '@/lib/callers/caller-format';

describe('a board cursor', () => {
  it('carries a rating back exactly, so the next page starts right after the last row', () => {
    // The longest numbers String() prints: 21 and 22 decimals, exponents both ways, 21 digits before the point.
    const longest = [0.000012345678901234568, -0.0000012345678901234567, 9.87654321e-7, 1e21, 123456789012345680000];
    for (const rating of [0.1 + 0.2, 1e-7, -0.3333333333333333, 2.05, 0, -1, 123456.789, ...longest]) {
      const text = encodeCallersCursor({ rating, user: 'a'.repeat(24), rank: 40 });
      expect(callersQuery.parse({ cursor: text }).cursor).toEqual({ rating, user: 'a'.repeat(24), rank: 40 });
    }
  });

  it('refuses anything that is not a cursor this server wrote', () => {
    for (const cursor of ['', 'abc', '1_abc_2', `NaN_${'a'.repeat(24)}_1`, `1_${'a'.repeat(24)}`, `{"$gt":""}`]) {
      expect(callersQuery.safeParse({ cursor }).success).toBe(false);
    }
  });
});

describe('a board’s numbers', () => {
  it('reads as a fan would: signed rating, record, cautious hit rate, title', () => {
    expect([formatRating(0.4249), formatRating(-0.1), formatRating(0.001), formatRating(-0.001)]).toEqual([
      '+0.42',
      '−0.10',
      '0.00',
      '0.00',
    ]);
    expect(formatRecord({ well: 12, poorly: 3, close: 2 })).toBe('12–3–2');
    expect(formatHitRate(0.5849)).toBe('58%');
    expect([boardTitle('2026-27'), boardTitle('all')]).toEqual(['Top callers of 2026–27', 'Top callers of all time']);
  });
});
