import { hotScore, likePercentage, popularity, spice, wilsonLowerBound } from '@/lib/discovery/ranking';

const at = (iso: string) => new Date(iso);
const none = { likes: 0, dislikes: 0, commentsCount: 0 };

describe('hotScore', () => {
  it('ranks a newer take above an older one with the same votes', () => {
    const older = hotScore({ ...none, likes: 5 }, at('2026-03-01T00:00:00Z'));
    const newer = hotScore({ ...none, likes: 5 }, at('2026-03-02T00:00:00Z'));
    expect(newer).toBeGreaterThan(older);
  });

  it('is worth 12.5 hours of recency for every tenfold increase in net votes', () => {
    const t = at('2026-03-01T00:00:00Z');
    const later = new Date(t.getTime() + 45_000 * 1000);
    expect(hotScore({ ...none, likes: 10 }, t)).toBeCloseTo(hotScore({ ...none, likes: 1 }, later), 5);
  });

  it('puts a disliked take below a neutral one of the same age', () => {
    const t = at('2026-03-01T00:00:00Z');
    expect(hotScore({ ...none, dislikes: 20 }, t)).toBeLessThan(hotScore(none, t));
  });

  it('counts comments as engagement', () => {
    const t = at('2026-03-01T00:00:00Z');
    expect(hotScore({ ...none, commentsCount: 30 }, t)).toBeGreaterThan(hotScore(none, t));
  });
});

describe('popularity', () => {
  it('weighs shares above comments above reactions', () => {
    expect(popularity({ ...none, shares: 1 })).toBeGreaterThan(popularity({ ...none, commentsCount: 1 }));
    expect(popularity({ ...none, commentsCount: 1 })).toBeGreaterThan(popularity({ ...none, likes: 1 }));
  });
});

describe('likePercentage', () => {
  it('is hidden with no reactions', () => expect(likePercentage(0, 0)).toBeNull());
  it('rounds to a whole percent', () => expect(likePercentage(2, 1)).toBe(67));
});

describe('wilsonLowerBound (Best)', () => {
  it('is 0 with no reactions', () => expect(wilsonLowerBound(0, 0)).toBe(0));
  it('reads a count below zero, as a race leaves one for a moment, as zero', () => {
    expect(wilsonLowerBound(-1, 2)).toBe(wilsonLowerBound(0, 2));
    expect(wilsonLowerBound(3, -1)).toBe(wilsonLowerBound(3, 0));
  });

  it('ranks 9 of 10 above 60 of 100: 60% of a hundred is weak evidence of more than half', () => {
    expect(wilsonLowerBound(9, 1)).toBeGreaterThan(wilsonLowerBound(60, 40));
  });

  it('ranks 90 of 100 above 9 of 10: the same share with ten times the evidence', () => {
    expect(wilsonLowerBound(90, 10)).toBeGreaterThan(wilsonLowerBound(9, 1));
  });

  it('does not let a single like beat a well-judged 80%', () => {
    expect(wilsonLowerBound(1, 0)).toBeLessThan(wilsonLowerBound(80, 20));
  });

  it('matches the published values of the 95% interval', () => {
    expect(wilsonLowerBound(9, 1)).toBeCloseTo(0.5958, 4);
    expect(wilsonLowerBound(60, 40)).toBeCloseTo(0.502, 4);
  });
});

describe('spice (Spiciest)', () => {
  it('is 0 when nobody disagrees, loved or hated', () => {
    expect(spice(100, 0)).toBe(0);
    expect(spice(0, 100)).toBe(0);
  });

  it('gives a perfect split its full number of reactions', () => expect(spice(50, 50)).toBe(100));

  it('ranks an even split above a lopsided one with the same crowd', () => {
    expect(spice(60, 40)).toBeGreaterThan(spice(90, 10));
  });

  it('ranks a big even argument above a small one', () => expect(spice(50, 50)).toBeGreaterThan(spice(5, 5)));

  it('is symmetric in likes and dislikes', () => expect(spice(30, 70)).toBe(spice(70, 30)));
});
