import { call, postTake, signUp } from '@/tests/support/api';

// Who is told what, the paging and the unread count are tests/data/notifications.test.ts's; here, the API's answers.

describe('the bell over HTTP', () => {
  it('answers 401 to a visitor', async () => {
    for (const [method, path] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread'],
      ['POST', '/api/notifications/read'],
    ] as const) {
      expect(await call(method, path, { body: method === 'POST' ? { all: true } : undefined })).toMatchObject({
        status: 401,
        body: { error: expect.any(String) },
      });
    }
  });

  it('lists a comment on a fan’s take, counts it unread, marks it read, and refuses a body that names nothing', async () => {
    const [author, fan] = await Promise.all([signUp('owner'), signUp('poker')]);
    const take = await postTake(author);
    expect((await call('POST', '/api/comments', { token: fan.idToken, body: { text: 'Hi', postID: take._id } })).status).toBe(201);
    const page = await call('GET', '/api/notifications', { token: author.idToken });
    expect(page).toMatchObject({ status: 200, body: { notifications: [{ type: 'comment', read: false }], nextCursor: null } });
    expect((await call('GET', '/api/notifications/unread', { token: author.idToken })).body).toEqual({ unread: 1 });
    for (const body of [{}, { ids: [] }, { ids: ['nope'] }, { all: false }, { ids: 'x' }]) {
      expect(await call('POST', '/api/notifications/read', { token: author.idToken, body })).toMatchObject({
        status: 400,
        body: { error: expect.any(String) },
      });
    }
    const read = await call('POST', '/api/notifications/read', { token: author.idToken, body: { ids: [page.body.notifications[0]._id] } });
    expect(read).toMatchObject({ status: 200, body: { unread: 0 } });
  });
});
