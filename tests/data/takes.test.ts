import { trendingTopics } from '@/lib/data/discovery/trending';
import { trendingTopicsQuery } from '@/lib/validation/takes';
import { act, comment, type Fan, feed, plain, postTake, signUp, TEAM, trending } from '@/tests/data/support/fans';

let author: Fan;
beforeAll(async () => {
  author = await signUp('author');
});

/** GET /api/takes/topics/trending?<query>. */
const topics = async (query = '') => {
  const { type, timeRange } = trendingTopicsQuery.parse(Object.fromEntries(new URLSearchParams(query)));
  return plain<{ topic: number; score: number; likes: number; entityType: string; name: string }[]>(await trendingTopics(type, timeRange));
};

describe('the feed', () => {
  it('pages by score without repeats, 10 by default', async () => {
    await Promise.all(Array.from({ length: 12 }, (_, i) => postTake(author, { title: `Feed take ${i}` })));
    const first = await feed(null, '');
    expect(first.takes).toHaveLength(10);
    const scores = first.takes.map((t) => t.score as number);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(first.nextCursor).toBeTruthy();
    const second = await feed(null, `cursor=${encodeURIComponent(first.nextCursor!)}`);
    const ids = new Set(first.takes.map((t) => t._id));
    expect(second.takes.some((t) => ids.has(t._id))).toBe(false);
  });
});

describe('trending', () => {
  it('puts a fresh take in the 12h window', async () => {
    const before = await trending(null, 'timeRange=12h&sort=comments');
    expect(before.length).toBeLessThanOrEqual(10);
    // The new take gets one comment more than the tenth has.
    const tenth: number = before.length < 10 ? -1 : before[9]!.commentsCount;
    const take = await postTake(author, { title: 'Trending now' });
    for (let i = 0; i <= tenth; i += 1) await comment(author, { text: `comment ${i}`, postID: take._id });
    const after = await trending(null, 'timeRange=12h&sort=comments');
    expect(after.map((t) => t._id)).toContain(take._id);
    const windowStart = Date.now() - 12 * 3600_000;
    for (const listed of after) expect(Date.parse(listed.createdAt)).toBeGreaterThanOrEqual(windowStart);
  });

  it('ranks topics by score with names, at most 10', async () => {
    const liker = await signUp('liker');
    const take = await postTake(author, { entityType: 'team', playerID: null, team: TEAM.id, tags: [TEAM.id] });
    await act(liker, { actionType: 'like', postID: take._id });
    for (const timeRange of ['12h', 'all']) {
      const row = (await topics(`type=teams&timeRange=${timeRange}`)).find((t) => t.topic === TEAM.id);
      expect(row).toMatchObject({ entityType: 'team', name: TEAM.name, likes: expect.any(Number) });
      expect(row!.likes).toBeGreaterThanOrEqual(1);
    }
    const merged = await topics();
    const scores = merged.map((t) => t.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(merged.length).toBeLessThanOrEqual(10);
  });
});
