import { call, postTake, signUp, type Reply, type TestUser } from '@/tests/support/api';
import { commandsOf } from '@/tests/support/query-log';

/** A poll as a browser sends it after its first answer: with the ETag it holds. */
const poll = (path: string, etag: string | null, token?: string) =>
  call('GET', path, { token, headers: etag ? { 'If-None-Match': etag } : {} });

const etagOf = (reply: Reply) => {
  const etag = reply.headers.get('etag');
  expect(etag).toMatch(/^"[\w-]+"$/);
  return etag!;
};

const comment = (user: TestUser, postID: string, text = 'Live from the tests.') =>
  call('POST', '/api/comments', { token: user.idToken, body: { text, postID } });

describe('the newest take', () => {
  it('answers 304 with no database command while nothing was posted, and the new take at once after a post', async () => {
    const author = await signUp('newest');
    await postTake(author);
    const first = await poll('/api/takes/newest', null);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=5, stale-while-revalidate=25');
    const etag = etagOf(first);

    const unchanged = await commandsOf(() => poll('/api/takes/newest', etag));
    expect(unchanged.reply.status).toBe(304);
    expect(unchanged.reply.headers.get('etag')).toBe(etag);
    expect(unchanged.ops).toEqual([]);
    // A CDN may weaken the tag; If-None-Match compares weakly.
    expect((await poll('/api/takes/newest', `W/${etag}`)).status).toBe(304);

    const posted = await postTake(author, { title: 'The newest take of all' });
    const changed = await poll('/api/takes/newest', etag);
    expect(changed.status).toBe(200);
    expect(changed.body.newest._id).toBe(posted._id);
    expect(etagOf(changed)).not.toBe(etag);
  }, 60_000);
});

describe("a take's live counts", () => {
  it('answer 304 with no database command until a like, a share or a comment moves them, and a like stays at 4 commands', async () => {
    const [author, fan] = await Promise.all([signUp('liveauthor'), signUp('livefan')]);
    const take = await postTake(author);
    const path = `/api/takes/${take._id}/live`;
    const first = await poll(path, null);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ likes: 0, dislikes: 0, shares: 0, commentsCount: 0 });
    expect(first.headers.get('cache-control')).toContain('s-maxage=5');
    let etag = etagOf(first);

    const unchanged = await commandsOf(() => poll(path, etag));
    expect(unchanged.reply.status).toBe(304);
    expect(unchanged.ops).toEqual([]);

    // A fan's first action in a server looks them up; the next ones do not.
    expect((await call('POST', '/api/user-action', { token: fan.idToken, body: { actionType: 'share', postID: take._id } })).status).toBe(
      200,
    );
    const shared = await poll(path, etag);
    expect(shared.body).toEqual({ likes: 0, dislikes: 0, shares: 1, commentsCount: 0 });
    etag = etagOf(shared);

    const like = await commandsOf(() =>
      call('POST', '/api/user-action', { token: fan.idToken, body: { actionType: 'like', postID: take._id } }),
    );
    expect(like.ops).toEqual(['update ratelimits', 'findAndModify useractions', 'findAndModify takes', 'update entitystats']);
    const liked = await poll(path, etag);
    expect(liked.status).toBe(200);
    expect(liked.body).toEqual({ likes: 1, dislikes: 0, shares: 1, commentsCount: 0 });
    etag = etagOf(liked);

    expect((await comment(fan, take._id)).status).toBe(201);
    const commented = await poll(path, etag);
    expect(commented.body).toEqual({ likes: 1, dislikes: 0, shares: 1, commentsCount: 1 });
    const again = await commandsOf(() => poll(path, etagOf(commented)));
    expect([again.reply.status, again.ops]).toEqual([304, []]);
  }, 60_000);

  it('are a 404 once the take is deleted, and a 400 for an id that is not one', async () => {
    const author = await signUp('livegone');
    const take = await postTake(author);
    expect((await poll(`/api/takes/${take._id}/live`, null)).status).toBe(200);
    expect((await call('DELETE', `/api/takes/${take._id}`, { token: author.idToken })).status).toBe(200);
    const gone = await poll(`/api/takes/${take._id}/live`, null);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: 'Take not found.' });
    expect((await poll('/api/takes/not-an-id/live', null)).status).toBe(400);
  }, 60_000);
});

describe('the unread count', () => {
  it("is the viewer's own (private), 304 with no database command while nothing arrives, and follows a comment and a read", async () => {
    const [author, fan] = await Promise.all([signUp('unreadauthor'), signUp('unreadfan')]);
    const take = await postTake(author);
    const first = await poll('/api/notifications/unread', null, author.idToken);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ unread: 0 });
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const etag = etagOf(first);

    const unchanged = await commandsOf(() => poll('/api/notifications/unread', etag, author.idToken));
    expect(unchanged.reply.status).toBe(304);
    expect(unchanged.ops).toEqual([]);

    expect((await comment(fan, take._id)).status).toBe(201);
    const told = await poll('/api/notifications/unread', etag, author.idToken);
    expect([told.status, told.body]).toEqual([200, { unread: 1 }]);

    expect((await call('POST', '/api/notifications/read', { token: author.idToken, body: { all: true } })).body).toEqual({ unread: 0 });
    const read = await poll('/api/notifications/unread', etagOf(told), author.idToken);
    expect([read.status, read.body]).toEqual([200, { unread: 0 }]);
    // Someone else's answer is not this one's.
    expect((await poll('/api/notifications/unread', null)).status).toBe(401);
  }, 60_000);
});
