import { call, postTake, signUp, type TestUser } from '@/tests/support/api';

let author: TestUser;
let fan: TestUser;
beforeAll(async () => {
  [author, fan] = await Promise.all([signUp('poster'), signUp('reactor')]);
});

const act = (user: TestUser, body: Record<string, unknown>) => call('POST', '/api/user-action', { token: user.idToken, body });

// Counts under races, ranking keys, toggles and shares are tests/data/user-actions.test.ts's; here, the API's answers.

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
});

describe('reactions on a comment', () => {
  it('refuses a favorite or a share of a comment', async () => {
    const take = await postTake(author);
    const comment = await call('POST', '/api/comments', { token: author.idToken, body: { text: 'react to me', postID: take._id } });
    expect((await act(fan, { actionType: 'favorite', commentID: comment.body._id })).status).toBe(400);
    expect((await act(fan, { actionType: 'share', commentID: comment.body._id })).status).toBe(400);
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
