import { listUserActions } from '@/lib/data/reactions/user-actions';
import { getTake, getTakeCounts } from '@/lib/data/takes/takes';
import { hotScore, popularity, spice, wilsonLowerBound } from '@/lib/discovery/ranking';
import { act, comment, type Fan, outcome, plain, postTake, signUp } from '@/tests/data/support/fans';

let author: Fan;
let fan: Fan;
beforeAll(async () => {
  [author, fan] = await Promise.all([signUp('poster'), signUp('reactor')]);
});

/** GET /api/takes/{id} as stored. */
const takeOf = async (id: string) => plain(await getTake(id));
/** GET /api/user-action/{uid}: the fan's own reactions, favorites and shares. */
const mine = async (who: Fan) => plain<Record<string, unknown>[]>(await listUserActions(who.id));

describe('reactions on a take', () => {
  it('likes, switches to dislike, and ignores a repeat of the active reaction', async () => {
    const take = await postTake(author);
    expect(await act(fan, { actionType: 'like', postID: take._id })).toEqual({ likes: 1, dislikes: 0, shares: 0 });
    expect(await act(fan, { actionType: 'dislike', postID: take._id })).toEqual({ likes: 0, dislikes: 1, shares: 0 });
    expect(await act(fan, { actionType: 'dislike', postID: take._id })).toEqual({ likes: 0, dislikes: 1, shares: 0 });
    expect(await mine(fan)).toContainEqual({ actionType: 'dislike', postID: take._id });
  });

  it('counts 50 users liking at once exactly, and moves the score', async () => {
    const take = await postTake(author);
    const before = (await takeOf(take._id)).score;
    const fans = await Promise.all(Array.from({ length: 50 }, () => signUp('mob')));
    await Promise.all(fans.map((f) => act(f, { actionType: 'like', postID: take._id })));
    const after = await takeOf(take._id);
    expect(after.likes).toBe(50);
    expect(after.score).toBeGreaterThan(before);
    expect(after.score).toBe(hotScore(after, new Date(after.createdAt)));
  });

  it('leaves every ranking key matching the final counts when 40 users like, dislike and switch at once', async () => {
    const take = await postTake(author);
    const fans = await Promise.all(Array.from({ length: 40 }, () => signUp('crowd')));
    await Promise.all(fans.map((f, i) => act(f, { actionType: i % 3 ? 'like' : 'dislike', postID: take._id })));
    await Promise.all(fans.slice(0, 20).map((f, i) => act(f, { actionType: i % 3 ? 'dislike' : 'like', postID: take._id })));
    const stored = await takeOf(take._id);
    // 26 likes and 14 dislikes, then 13 of the first 20 switch to dislike and 7 to like.
    expect({ likes: stored.likes, dislikes: stored.dislikes }).toEqual({ likes: 20, dislikes: 20 });
    expect({ score: stored.score, wilson: stored.wilson, spice: stored.spice, popularity: stored.popularity }).toEqual({
      score: hotScore(stored, new Date(stored.createdAt)),
      wilson: wilsonLowerBound(stored.likes, stored.dislikes),
      spice: spice(stored.likes, stored.dislikes),
      popularity: popularity(stored),
    });
  });

  it('counts one user sending 20 likes at once as one', async () => {
    const take = await postTake(author);
    await Promise.all(Array.from({ length: 20 }, () => act(fan, { actionType: 'like', postID: take._id })));
    expect(plain(await getTakeCounts(take._id))).toEqual({ likes: 1, dislikes: 0, shares: 0 });
  });

  it('ends a like/dislike race from one user in one consistent state', async () => {
    const take = await postTake(author);
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => outcome(() => act(fan, { actionType: i % 2 ? 'like' : 'dislike', postID: take._id }))),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(200));
    const counts = plain(await getTakeCounts(take._id));
    expect(counts.likes + counts.dislikes).toBe(1);
    expect((await mine(fan)).filter((a) => a.postID === take._id)).toEqual([
      { actionType: counts.likes ? 'like' : 'dislike', postID: take._id },
    ]);
  });

  it('refuses a reaction to a take that is not there', async () => {
    expect(await outcome(() => act(fan, { actionType: 'like', postID: '000000000000000000000000' }))).toMatchObject({
      status: 404,
      body: { error: 'Take not found.' },
    });
  });
});

describe('reactions on a comment, favorites and shares', () => {
  it('clears a comment reaction when it is tapped again', async () => {
    const take = await postTake(author);
    const made = await comment(author, { text: 'react to me', postID: take._id });
    const on = { commentID: made._id };
    expect(await act(fan, { actionType: 'like', ...on })).toMatchObject({ likes: 1, dislikes: 0 });
    expect(await act(fan, { actionType: 'dislike', ...on })).toMatchObject({ likes: 0, dislikes: 1 });
    expect(await act(fan, { actionType: 'dislike', ...on })).toMatchObject({ likes: 0, dislikes: 0 });
  });

  it('toggles a favorite and counts a share once per user', async () => {
    const take = await postTake(author);
    await act(fan, { actionType: 'favorite', postID: take._id });
    expect(await mine(fan)).toContainEqual({ actionType: 'favorite', postID: take._id });
    await act(fan, { actionType: 'favorite', postID: take._id });
    expect(await mine(fan)).not.toContainEqual({ actionType: 'favorite', postID: take._id });
    expect((await act(fan, { actionType: 'share', postID: take._id })).shares).toBe(1);
    expect((await act(fan, { actionType: 'share', postID: take._id })).shares).toBe(1);
  });
});
