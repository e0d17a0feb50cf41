import { hotScore, likePercentage, popularity } from '@/lib/ranking';

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
