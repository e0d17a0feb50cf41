import {
  callerRating,
  crowdOdds,
  isProvisional,
  qualifies,
  scoredVerdict,
  seasonLabel,
  seasonOf,
  verdictPoints,
  wilsonLower,
} from '@/lib/callers/callers';

describe('a verdict scored against the crowd', () => {
  it('pays little for calling what everybody liked: 47–3 that aged well scores (1−0.9)/0.9 (the clamp)', () => {
    expect(crowdOdds(47, 3)).toBe(0.9);
    expect(verdictPoints('well', crowdOdds(47, 3))).toBeCloseTo(0.111, 3);
  });

  it('pays a lot for a long shot: 20–80 that aged well scores ≈ +3.86', () => {
    expect(crowdOdds(20, 80)).toBeCloseTo(21 / 102, 6);
    expect(verdictPoints('well', crowdOdds(20, 80))).toBeCloseTo(3.857, 3);
  });

  it('costs 1 when the take aged poorly, whatever the crowd thought, and nothing when close', () => {
    expect(verdictPoints('poorly', crowdOdds(20, 80))).toBe(-1);
    expect(verdictPoints('poorly', crowdOdds(47, 3))).toBe(-1);
    expect(verdictPoints('close', crowdOdds(20, 80))).toBe(0);
  });

  it('treats a take nobody reacted to as a coin flip, and clamps the other end at 0.1', () => {
    expect(crowdOdds(0, 0)).toBe(0.5);
    expect(crowdOdds(0, 50)).toBe(0.1);
  });
});

describe('the verdict a receipt is scored by', () => {
  it('needs at least 10 counted votes', () => {
    expect(scoredVerdict(9, 0)).toBe('close');
    expect(scoredVerdict(10, 0)).toBe('well');
    expect(scoredVerdict(0, 10)).toBe('poorly');
  });

  it('is close when the majority is not surely above one half (Wilson lower bound, z = 1.28)', () => {
    expect(wilsonLower(7, 10)).toBeLessThan(0.5);
    expect(scoredVerdict(7, 3)).toBe('close');
    expect(wilsonLower(8, 10)).toBeGreaterThan(0.5);
    expect(scoredVerdict(8, 2)).toBe('well');
    expect(scoredVerdict(2, 8)).toBe('poorly');
    expect(scoredVerdict(10, 10)).toBe('close');
  });
});

describe('a caller rating', () => {
  const longShot = verdictPoints('well', crowdOdds(20, 80));
  const coinish = verdictPoints('well', crowdOdds(40, 60));

  it('shrinks two lucky calls toward zero: R = 7.7 / 12 ≈ 0.64, and they do not qualify', () => {
    expect(callerRating(2 * longShot, 2)).toBeCloseTo(0.643, 2);
    expect(qualifies({ scored: 2, days: 2 })).toBe(false);
  });

  it('puts ten aged-well calls at 40–60 (c ≈ 0.402) above them: R ≈ 14.9 / 20 ≈ 0.74', () => {
    expect(crowdOdds(40, 60)).toBeCloseTo(0.402, 3);
    const ten = callerRating(10 * coinish, 10);
    expect(ten).toBeCloseTo(0.744, 2);
    expect(ten).toBeGreaterThan(callerRating(2 * longShot, 2));
  });

  it('qualifies with 5 scored receipts due on 3 different days, provisional until 15', () => {
    expect(qualifies({ scored: 5, days: 2 })).toBe(false);
    expect(qualifies({ scored: 5, days: 3 })).toBe(true);
    expect(isProvisional({ scored: 14, days: 3 })).toBe(true);
    expect(isProvisional({ scored: 15, days: 3 })).toBe(false);
  });
});

describe('seasons', () => {
  it('run from July to June by the check-back day', () => {
    expect(seasonOf(new Date('2026-10-20T00:00:00Z'))).toBe('2026-27');
    expect(seasonOf(new Date('2027-06-18T00:00:00Z'))).toBe('2026-27');
    expect(seasonOf(new Date('2027-07-01T00:00:00Z'))).toBe('2027-28');
    expect(seasonOf(new Date('2099-12-31T00:00:00Z'))).toBe('2099-00');
    expect(seasonLabel('2026-27')).toBe('2026–27');
    expect(seasonLabel('all')).toBe('All time');
  });
});
