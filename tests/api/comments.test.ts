import { call, INJECTIONS, postTake, signUp, type TestUser } from '@/tests/support/api';

let author: TestUser;
let fan: TestUser;
beforeAll(async () => {
  [author, fan] = await Promise.all([signUp('op'), signUp('commenter')]);
});

const comment = (token: string, body: Record<string, unknown>) => call('POST', '/api/comments', { token, body });

// What a thread holds, counts, pages and refuses by the data's rules is tests/data/comments.test.ts's; here, the API's
// parsing, its answers, and that a page read before a write shows it (the cached lists' expiry).
describe('comments and replies', () => {
  it('refuses a malformed tagged username with a 400 that says so', async () => {
    const take = await postTake(author);
    for (const taggedUser of ['ab', '1fan', 'has space', 'x'.repeat(30)]) {
      const reply = await comment(fan.idToken, { text: 'x', postID: take._id, taggedUser });
      expect(reply).toMatchObject({ status: 400, body: { error: 'taggedUser: must be a user id or a username' } });
    }
    expect((await call('GET', `/api/takes/${take._id}`)).body.commentsCount).toBe(0);
  });

  it.each([[''], ['   '], ['x'.repeat(1001)], ...INJECTIONS.map((i) => [i])])('refuses the text %j', async (text) => {
    const take = await postTake(author);
    const reply = await comment(fan.idToken, { text, postID: take._id });
    expect([400, 413]).toContain(reply.status);
  });

  it('needs a token and a valid postID', async () => {
    expect((await call('POST', '/api/comments', { body: { text: 'x', postID: '000000000000000000000000' } })).status).toBe(401);
    expect((await call('GET', '/api/comments?postID=%7B%22%24ne%22%3Anull%7D')).status).toBe(400);
    expect((await call('GET', '/api/comments?postID=000000000000000000000000')).status).toBe(404);
    expect((await call('GET', '/api/comments')).status).toBe(400);
    const take = await postTake(author);
    expect((await call('GET', `/api/comments?postID=${take._id}&limit=51`)).status).toBe(400);
    expect((await call('GET', `/api/comments?postID=${take._id}&cursor=not-a-cursor`)).status).toBe(400);
  });

  it('shows every write on a page already read: a new comment, a new reply, a like and a delete, with the totals and Load More', async () => {
    const take = await postTake(author);
    const ids = async (postID: string, query = '') => {
      const { body } = await call('GET', `/api/comments?postID=${postID}${query}`);
      return { ids: body.comments.map((c: { _id: string }) => c._id), total: body.totalComments, next: body.nextSkip };
    };
    const first = await comment(fan.idToken, { text: 'first', postID: take._id });
    expect(await ids(take._id)).toEqual({ ids: [first.body._id], total: 1, next: null });

    const second = await comment(author.idToken, { text: 'second', postID: take._id });
    expect(await ids(take._id)).toEqual({ ids: [second.body._id, first.body._id], total: 2, next: null });
    expect(await ids(take._id, '&limit=1')).toEqual({ ids: [second.body._id], total: 2, next: 1 });
    expect(await ids(first.body._id)).toEqual({ ids: [], total: 0, next: null });

    const reply = await comment(author.idToken, { text: 'a reply', postID: take._id, parentComment: first.body._id });
    expect(await ids(first.body._id)).toEqual({ ids: [reply.body._id], total: 1, next: null });
    await call('POST', '/api/user-action', { token: author.idToken, body: { actionType: 'like', commentID: first.body._id } });
    const page = await call('GET', `/api/comments?postID=${take._id}`);
    expect(page.body.comments[1]).toMatchObject({ _id: first.body._id, likes: 1, repliesCount: 1 });
    expect(await ids(take._id, '&sort=best')).toEqual({ ids: [first.body._id, second.body._id], total: 2, next: null });

    expect((await call('DELETE', `/api/comments/${second.body._id}`, { token: author.idToken })).status).toBe(200);
    expect(await ids(take._id)).toEqual({ ids: [first.body._id], total: 1, next: null });
    expect(await ids(take._id, '&sort=best')).toEqual({ ids: [first.body._id], total: 1, next: null });
    expect((await call('DELETE', `/api/comments/${reply.body._id}`, { token: author.idToken })).status).toBe(200);
    expect(await ids(first.body._id)).toEqual({ ids: [], total: 0, next: null });
  });
});
