import { signInAdmin } from '@/tests/support/admin';
import { call, postTake, signUp, type TestUser } from '@/tests/support/api';

/** Issue #26 item 5: a take moderation hid keeps no side doors open to its comments, and its hide names no moderator. */

let admin: TestUser;
let author: TestUser;
let fan: TestUser;
let blocked: TestUser;
beforeAll(async () => {
  [admin, author, fan, blocked] = await Promise.all([signInAdmin(), signUp('thauthor'), signUp('thfan'), signUp('thblock')]);
});

const as = (user: TestUser | null) => ({ token: user?.idToken });
const comment = async (user: TestUser, body: Record<string, unknown>) => {
  const reply = await call('POST', '/api/comments', { token: user.idToken, body });
  expect(reply.status).toBe(201);
  return reply.body as { _id: string };
};
const hide = async (takeId: string) =>
  expect(await call('POST', `/api/moderation/takes/${takeId}`, { token: admin.idToken, body: { action: 'hide' } })).toMatchObject({
    status: 200,
  });

describe('a take moderation hid', () => {
  it('keeps its comments, replies and top comment from everyone but its author and the moderators', async () => {
    const take = await postTake(author, { title: 'Hidden thread' });
    const top = await comment(fan, { text: 'Top comment of a hidden take', postID: take._id });
    const reply = await comment(author, { text: 'A reply under it', postID: take._id, parentComment: top._id });
    expect((await call('GET', `/api/comments/top?postID=${take._id}`)).body.topComment).toMatchObject({ _id: top._id });

    await hide(take._id);

    for (const viewer of [null, fan]) {
      expect(await call('GET', `/api/comments?postID=${take._id}`, as(viewer))).toMatchObject({ status: 404 });
      expect(await call('GET', `/api/comments?postID=${take._id}&sort=best`, as(viewer))).toMatchObject({ status: 404 });
      expect(await call('GET', `/api/comments?postID=${top._id}`, as(viewer))).toMatchObject({ status: 404 });
      expect(await call('GET', `/api/comments/top?postID=${take._id}`, as(viewer))).toMatchObject({
        status: 404,
        body: { error: 'Take not found.' },
      });
    }
    // As a deleted take answers: a hidden one cannot be told from it.
    const unknown = '000000000000000000000000';
    expect((await call('GET', `/api/comments?postID=${unknown}`)).body).toEqual(
      (await call('GET', `/api/comments?postID=${take._id}`)).body,
    );
    expect((await call('GET', `/api/comments/top?postID=${unknown}`)).status).toBe(404);

    for (const viewer of [author, admin]) {
      const list = await call('GET', `/api/comments?postID=${take._id}`, as(viewer));
      expect(list.status).toBe(200);
      expect(list.body.comments.map((c: { _id: string }) => c._id)).toEqual([top._id]);
      expect((await call('GET', `/api/comments?postID=${top._id}`, as(viewer))).body.comments).toMatchObject([{ _id: reply._id }]);
      expect(await call('GET', `/api/comments/top?postID=${take._id}`, as(viewer))).toMatchObject({
        status: 200,
        body: { topComment: { _id: top._id } },
      });
    }

    // Restored, its thread is everyone's again.
    expect((await call('POST', `/api/moderation/takes/${take._id}`, { token: admin.idToken, body: { action: 'restore' } })).status).toBe(
      200,
    );
    expect((await call('GET', `/api/comments?postID=${take._id}`)).status).toBe(200);
    expect((await call('GET', `/api/comments/top?postID=${take._id}`)).body.topComment).toMatchObject({ _id: top._id });
  });

  it('tells its author it was hidden, and why, without naming the moderator, even one they blocked', async () => {
    const take = await postTake(author, { title: 'Hidden, told' });
    // The author has blocked the moderator: a hide must still reach them.
    expect((await call('PUT', `/api/account/blocks/${admin._id}`, as(author))).status).toBe(200);
    await hide(take._id);
    const notes = (await call('GET', '/api/notifications', as(author))).body.notifications as Record<string, unknown>[];
    const note = notes.find((n) => n.type === 'hidden' && (n.take as { _id: string } | null)?._id === take._id);
    expect(note).toMatchObject({ type: 'hidden', reason: 'moderators', actor: null });
    expect((await call('DELETE', `/api/account/blocks/${admin._id}`, as(author))).status).toBe(200);
  });

  it('answers a blocked fan as for the take itself: its comments and top comment are a 404', async () => {
    const take = await postTake(author, { title: 'Blocked thread' });
    const top = await comment(fan, { text: 'Visible to all but the blocked', postID: take._id });
    expect((await call('PUT', `/api/account/blocks/${blocked._id}`, as(author))).status).toBe(200);
    expect((await call('GET', `/api/takes/${take._id}`, as(blocked))).status).toBe(404);
    expect((await call('GET', `/api/comments?postID=${take._id}`, as(blocked))).status).toBe(404);
    expect((await call('GET', `/api/comments?postID=${top._id}`, as(blocked))).status).toBe(404);
    expect((await call('GET', `/api/comments/top?postID=${take._id}`, as(blocked))).status).toBe(404);
    expect((await call('GET', `/api/comments/top?postID=${take._id}`, as(fan))).body.topComment).toMatchObject({ _id: top._id });
  });
});
