import { call, postTake, signUp } from '@/tests/support/api';

// What a delete removes, leaves as "[deleted]" and counts, and who may delete, are tests/data/comment-delete.test.ts's;
// here, the API's answers.

describe('DELETE /api/comments/{id}', () => {
  it('answers the delete, then 404; 403 to another fan, 401 to a visitor and 400 to an id that is not one', async () => {
    const [author, fan, other] = await Promise.all([signUp('del'), signUp('delfan'), signUp('delother')]);
    const take = await postTake(author);
    const mine = (await call('POST', '/api/comments', { token: fan.idToken, body: { text: 'Only mine', postID: take._id } })).body;
    const remove = (token: string | undefined, id: string) => call('DELETE', `/api/comments/${id}`, { token });
    expect((await remove(undefined, mine._id)).status).toBe(401);
    expect(await remove(other.idToken, mine._id)).toMatchObject({
      status: 403,
      body: { error: 'Only the author can delete this comment.' },
    });
    expect(await remove(fan.idToken, mine._id)).toMatchObject({ status: 200, body: { message: 'Comment deleted.', comment: null } });
    expect(await remove(fan.idToken, mine._id)).toMatchObject({ status: 404, body: { error: 'Comment not found.' } });
    expect((await remove(fan.idToken, 'not-an-id')).status).toBe(400);
  });
});
