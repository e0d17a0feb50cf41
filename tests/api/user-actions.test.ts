import { hotScore, popularity, spice, wilsonLowerBound } from '@/lib/ranking';
import { call, postTake, signUp, type TestUser } from '@/tests/support/api';

let author: TestUser;
let fan: TestUser;
beforeAll(async () => {
  [author, fan] = await Promise.all([signUp('poster'), signUp('reactor')]);
});

const act = (user: TestUser, body: Record<string, unknown>) => call('POST', '/api/user-action', { token: user.idToken, body });

describe('reactions on a take', () => {
  it('likes, switches to dislike, and ignores a repeat of the active reaction', async () => {
    const take = await postTake(author);
    expect(await act(fan, { actionType: 'like', postID: take._id })).toMatchObject({
      status: 200,
      body: { likes: 1, dislikes: 0, shares: 0 },
    });
    expect((await act(fan, { actionType: 'dislike', postID: take._id })).body).toEqual({ likes: 0, dislikes: 1, shares: 0 });
    expect((await act(fan, { actionType: 'dislike', postID: take._id })).body).toEqual({ likes: 0, dislikes: 1, shares: 0 });
    const mine = await call('GET', `/api/user-action/${fan.uid}`, { token: fan.idToken });
    expect(mine.body).toContainEqual({ actionType: 'dislike', postID: take._id });
  });

  it('counts 50 users liking at once exactly, and moves the score', async () => {
    const take = await postTake(author);
    const before = (await call('GET', `/api/takes/${take._id}`)).body.score;
    const fans = await Promise.all(Array.from({ length: 50 }, () => signUp('mob')));
    await Promise.all(fans.map((f) => act(f, { actionType: 'like', postID: take._id })));
    const after = (await call('GET', `/api/takes/${take._id}`)).body;
    expect(after.likes).toBe(50);
    expect(after.score).toBeGreaterThan(before);
    expect(after.score).toBe(hotScore(after, new Date(after.createdAt)));
  }, 60_000);

  it('leaves every ranking key matching the final counts when 40 users like, dislike and switch at once', async () => {
    const take = await postTake(author);
    const fans = await Promise.all(Array.from({ length: 40 }, () => signUp('crowd')));
    await Promise.all(fans.map((f, i) => act(f, { actionType: i % 3 ? 'like' : 'dislike', postID: take._id })));
    await Promise.all(fans.slice(0, 20).map((f, i) => act(f, { actionType: i % 3 ? 'dislike' : 'like', postID: take._id })));
    const stored = (await call('GET', `/api/takes/${take._id}`)).body;
    // 26 likes and 14 dislikes, then 13 of the first 20 switch to dislike and 7 to like.
    expect({ likes: stored.likes, dislikes: stored.dislikes }).toEqual({ likes: 20, dislikes: 20 });
    expect({ score: stored.score, wilson: stored.wilson, spice: stored.spice, popularity: stored.popularity }).toEqual({
      score: hotScore(stored, new Date(stored.createdAt)),
      wilson: wilsonLowerBound(stored.likes, stored.dislikes),
      spice: spice(stored.likes, stored.dislikes),
      popularity: popularity(stored),
    });
  }, 60_000);

  it('counts one user sending 20 likes at once as one', async () => {
    const take = await postTake(author);
    await Promise.all(Array.from({ length: 20 }, () => act(fan, { actionType: 'like', postID: take._id })));
    expect((await call('GET', `/api/takes/${take._id}/counts`)).body).toEqual({ likes: 1, dislikes: 0, shares: 0 });
  });

  it('ends a like/dislike race from one user in one consistent state', async () => {
    const take = await postTake(author);
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => act(fan, { actionType: i % 2 ? 'like' : 'dislike', postID: take._id })),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(200));
    const counts = (await call('GET', `/api/takes/${take._id}/counts`)).body;
    expect(counts.likes + counts.dislikes).toBe(1);
    const mine = (await call('GET', `/api/user-action/${fan.uid}`, { token: fan.idToken })).body.filter(
      (a: { postID?: string }) => a.postID === take._id,
    );
    expect(mine).toEqual([{ actionType: counts.likes ? 'like' : 'dislike', postID: take._id }]);
  });
});

describe('reactions on a comment, favorites and shares', () => {
  it('clears a comment reaction when it is tapped again', async () => {
    const take = await postTake(author);
    const comment = await call('POST', '/api/comments', { token: author.idToken, body: { text: 'react to me', postID: take._id } });
    const on = { commentID: comment.body._id };
    expect((await act(fan, { actionType: 'like', ...on })).body).toMatchObject({ likes: 1, dislikes: 0 });
    expect((await act(fan, { actionType: 'dislike', ...on })).body).toMatchObject({ likes: 0, dislikes: 1 });
    expect((await act(fan, { actionType: 'dislike', ...on })).body).toMatchObject({ likes: 0, dislikes: 0 });
    expect((await act(fan, { actionType: 'favorite', ...on })).status).toBe(400);
  });

  it('toggles a favorite and counts a share once per user', async () => {
    const take = await postTake(author);
    await act(fan, { actionType: 'favorite', postID: take._id });
    let mine = (await call('GET', `/api/user-action/${fan.uid}`, { token: fan.idToken })).body;
    expect(mine).toContainEqual({ actionType: 'favorite', postID: take._id });
    await act(fan, { actionType: 'favorite', postID: take._id });
    mine = (await call('GET', `/api/user-action/${fan.uid}`, { token: fan.idToken })).body;
    expect(mine).not.toContainEqual({ actionType: 'favorite', postID: take._id });
    expect((await act(fan, { actionType: 'share', postID: take._id })).body.shares).toBe(1);
    expect((await act(fan, { actionType: 'share', postID: take._id })).body.shares).toBe(1);
  });
});

describe('who may act', () => {
  it('refuses acting as someone else, without a token, or on nothing', async () => {
    const take = await postTake(author);
    expect((await act(fan, { actionType: 'like', postID: take._id, userID: author._id })).status).toBe(403);
    expect((await act(fan, { actionType: 'like', postID: take._id, userID: fan._id })).status).toBe(200);
    expect((await call('POST', '/api/user-action', { body: { actionType: 'like', postID: take._id } })).status).toBe(401);
    expect((await act(fan, { actionType: 'like', postID: '000000000000000000000000' })).status).toBe(404);
    expect((await act(fan, { actionType: 'like' })).status).toBe(400);
    expect((await act(fan, { actionType: 'superlike', postID: take._id })).status).toBe(400);
    expect((await act(fan, { actionType: 'like', postID: { $ne: null } })).status).toBe(400);
    expect((await call('GET', `/api/user-action/${fan.uid}`, { token: author.idToken })).status).toBe(403);
  });
});
