import { signInAdmin } from '@/tests/support/admin';
import { call, postTake, signUp, type TestUser } from '@/tests/support/api';

/**
 * Issue #38 item 4: an id is accepted in either case, and means the same thing in both: what a write expires under
 * a take's lower-case id is expired for a reader who wrote it in upper case too (their cache keys and tags agree).
 */

let admin: TestUser;
let author: TestUser;
let fan: TestUser;
beforeAll(async () => {
  [admin, author, fan] = await Promise.all([signInAdmin(), signUp('caseauthor'), signUp('casefan')]);
});

const upper = (id: string) => id.toUpperCase();
const live = (id: string) => call('GET', `/api/takes/${id}/live`);
const comments = (id: string) => call('GET', `/api/comments?postID=${id}`);

it("reads a take's counts and comments by an upper-case id as by its own, and follows writes made by the other", async () => {
  const take = await postTake(author, { title: 'Upper case' });
  const id = upper(take._id);
  expect(await live(id)).toMatchObject({ status: 200, body: { likes: 0, commentsCount: 0 } });
  expect(await comments(id)).toMatchObject({ status: 200, body: { comments: [], totalComments: 0 } });
  expect((await call('GET', `/api/comments/top?postID=${id}`)).body).toEqual({ topComment: null });

  expect((await call('POST', '/api/user-action', { token: fan.idToken, body: { actionType: 'like', postID: take._id } })).status).toBe(200);
  const made = await call('POST', '/api/comments', { token: fan.idToken, body: { text: 'Said in lower case', postID: take._id } });
  expect(made.status).toBe(201);

  expect(await live(id)).toMatchObject({ status: 200, body: { likes: 1, commentsCount: 1 } });
  expect((await comments(id)).body).toMatchObject({ totalComments: 1, comments: [{ _id: made.body._id, postID: take._id }] });
  expect((await call('GET', `/api/comments/top?postID=${id}`)).body).toMatchObject({ topComment: { _id: made.body._id } });
  // Written in upper case, an id comes back as the one id it is.
  expect((await call('GET', `/api/takes/${id}`)).body).toMatchObject({ _id: take._id });
  const byUpper = await call('POST', '/api/comments', { token: fan.idToken, body: { text: 'Said in upper case', postID: id } });
  expect(byUpper).toMatchObject({ status: 201, body: { postID: take._id } });
  expect(await live(take._id)).toMatchObject({ status: 200, body: { commentsCount: 2 } });
});

it("keeps a hidden take's comments and counts from a reader who writes its id in upper case", async () => {
  const take = await postTake(author, { title: 'Hidden in upper case' });
  const made = await call('POST', '/api/comments', { token: fan.idToken, body: { text: 'Before the hide', postID: take._id } });
  expect(made.status).toBe(201);
  const id = upper(take._id);
  // Read (and so cached) under the upper-case id before the hide.
  expect(await live(id)).toMatchObject({ status: 200, body: { commentsCount: 1 } });
  expect(await comments(id)).toMatchObject({ status: 200, body: { totalComments: 1 } });
  expect(await call('GET', `/api/comments?postID=${upper(made.body._id)}`)).toMatchObject({ status: 200 });

  expect((await call('POST', `/api/moderation/takes/${take._id}`, { token: admin.idToken, body: { action: 'hide' } })).status).toBe(200);

  for (const spelled of [take._id, id]) {
    expect(await live(spelled)).toMatchObject({ status: 404 });
    expect(await comments(spelled)).toMatchObject({ status: 404 });
    expect(await call('GET', `/api/comments/top?postID=${spelled}`)).toMatchObject({ status: 404 });
    expect(await call('GET', `/api/takes/${spelled}`)).toMatchObject({ status: 404 });
  }
  expect(await call('GET', `/api/comments?postID=${upper(made.body._id)}`)).toMatchObject({ status: 404 });
});

it('answers a profile and its pages by an upper-case id as by its own', async () => {
  const profile = await call('GET', `/api/users/full-profile/${upper(author._id)}`);
  expect(profile).toMatchObject({ status: 200, body: { _id: author._id } });
});
