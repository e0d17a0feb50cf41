import { call, postTake, signUp, type TestUser } from '@/tests/support/api';

type Page = { takes: { _id: string; title: string; createdAt: string; createdBy: { _id: string } }[]; nextCursor: string | null };

const following = async (user: TestUser, cursor?: string | null) => {
  const reply = await call<Page>('GET', `/api/takes/following${cursor ? `?cursor=${cursor}` : ''}`, { token: user.idToken });
  expect(reply.status).toBe(200);
  return reply.body;
};
const follow = (who: TestUser, whom: TestUser) => call('POST', `/api/users/${whom.uid}/follow`, { token: who.idToken });
const unfollow = (who: TestUser, whom: TestUser) => call('POST', `/api/users/${whom.uid}/unfollow`, { token: who.idToken });

describe('the Following feed', () => {
  it('answers 401 to a visitor and 400 to a cursor it did not hand out', async () => {
    expect(await call('GET', '/api/takes/following')).toMatchObject({ status: 401, body: { error: expect.any(String) } });
    expect(await call('GET', '/api/users/suggestions')).toMatchObject({ status: 401, body: { error: expect.any(String) } });
    expect((await call('GET', '/api/takes/following?cursor=nope', { token: (await signUp('cursor')).idToken })).status).toBe(400);
  });

  it('shows the takes of followed users only, newest first, ten a page with a cursor, never repeating', async () => {
    const [reader, a, b, stranger] = await Promise.all([signUp('reader'), signUp('followa'), signUp('followb'), signUp('stranger')]);
    await follow(reader, a);
    await follow(reader, b);
    const posted: string[] = [];
    for (let i = 0; i < 13; i += 1) posted.push((await postTake(i % 2 ? a : b, { title: `Followed take ${i}` }))._id);
    await postTake(stranger, { title: 'Not followed' });
    await postTake(reader, { title: 'My own take' });

    const first = await following(reader);
    expect(first.takes).toHaveLength(10);
    expect(first.nextCursor).toMatch(/^\d+_[a-f0-9]{24}$/);
    const second = await following(reader, first.nextCursor);
    expect(second.takes).toHaveLength(3);
    expect(second.nextCursor).toBeNull();

    const all = [...first.takes, ...second.takes];
    expect(all.map((t) => t._id)).toEqual([...posted].reverse());
    expect(all.every((t) => [a._id, b._id].includes(t.createdBy._id))).toBe(true);
    const times = all.map((t) => Date.parse(t.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });

  it('drops an author at once when the reader unfollows them, and is empty when following nobody', async () => {
    const [reader, author] = await Promise.all([signUp('reader'), signUp('author')]);
    expect(await following(reader)).toEqual({ takes: [], nextCursor: null });
    await follow(reader, author);
    const take = await postTake(author, { title: 'Before the unfollow' });
    expect((await following(reader)).takes.map((t) => t._id)).toEqual([take._id]);
    await unfollow(reader, author);
    expect((await following(reader)).takes).toEqual([]);
  });
});

describe('follow suggestions', () => {
  it('names the most-followed users the reader does not follow yet, never the reader, most followed first', async () => {
    const reader = await signUp('suggested');
    const star = await signUp('star');
    const suggestions = async () => {
      const reply = await call<{ _id: string; username: string; firebaseUID: string; followersCount: number }[]>(
        'GET',
        '/api/users/suggestions',
        { token: reader.idToken },
      );
      expect(reply.status).toBe(200);
      return reply.body;
    };
    // Other suites leave well-followed users behind: the star gets one follower more than whoever leads now.
    const leader = (await suggestions())[0]?.followersCount ?? 0;
    const fans = await Promise.all(Array.from({ length: leader + 1 }, () => signUp('starfan')));
    await Promise.all(fans.map((fan) => follow(fan, star)));

    const before = await suggestions();
    expect(before.length).toBeLessThanOrEqual(5);
    expect(before[0]).toMatchObject({ _id: star._id, username: star.username, firebaseUID: star.uid, followersCount: leader + 1 });
    expect(before.map((u) => u.followersCount)).toEqual([...before.map((u) => u.followersCount)].sort((x, y) => y - x));
    expect(before.map((u) => u._id)).not.toContain(reader._id);

    await follow(reader, star);
    expect((await suggestions()).map((u) => u._id)).not.toContain(star._id);
  }, 60_000);
});
