import { call, postTake, signUp } from '@/tests/support/api';

// Who and what the Following tab and the suggestions name is tests/data/following.test.ts's; here, the API's answers.

describe('the Following feed', () => {
  it('answers 401 to a visitor and 400 to a cursor it did not hand out', async () => {
    expect(await call('GET', '/api/takes/following')).toMatchObject({ status: 401, body: { error: expect.any(String) } });
    expect(await call('GET', '/api/users/suggestions')).toMatchObject({ status: 401, body: { error: expect.any(String) } });
    expect((await call('GET', '/api/takes/following?cursor=nope', { token: (await signUp('cursor')).idToken })).status).toBe(400);
  });

  it('answers a followed fan’s take and the next page’s cursor, and suggests whom to follow', async () => {
    const [reader, author] = await Promise.all([signUp('reader'), signUp('author')]);
    expect((await call('POST', `/api/users/${author.uid}/follow`, { token: reader.idToken })).status).toBe(200);
    const take = await postTake(author, { title: 'Followed over HTTP' });
    const page = await call('GET', '/api/takes/following', { token: reader.idToken });
    expect(page).toMatchObject({ status: 200, body: { takes: [{ _id: take._id }], nextCursor: null } });
    const suggested = await call('GET', '/api/users/suggestions', { token: reader.idToken });
    expect(suggested.status).toBe(200);
    expect(Array.isArray(suggested.body)).toBe(true);
  });
});
