import { call, INJECTIONS, postTake, type Reply, signUp, type TestUser } from '@/tests/support/api';

let author: TestUser;
let fan: TestUser;
beforeAll(async () => {
  [author, fan] = await Promise.all([signUp('op'), signUp('commenter')]);
});

const comment = (token: string, body: Record<string, unknown>) => call('POST', '/api/comments', { token, body });

describe('comments and replies', () => {
  it('adds a trimmed comment, a reply tagging its author, and counts both on the take', async () => {
    const take = await postTake(author);
    const top = await comment(fan.idToken, { text: '  Hot take!  ', postID: take._id, parentComment: '', taggedUser: null });
    expect(top).toMatchObject({
      status: 201,
      body: {
        text: 'Hot take!',
        postID: take._id,
        parentComment: null,
        taggedUser: null,
        user: { _id: fan._id, username: fan.username },
        likes: 0,
        repliesCount: 0,
      },
    });
    const reply = await comment(author.idToken, { text: 'Thanks', postID: take._id, parentComment: top.body._id, taggedUser: fan._id });
    expect(reply).toMatchObject({
      status: 201,
      body: { parentComment: top.body._id, taggedUser: { _id: fan._id, username: fan.username } },
    });

    expect((await call('GET', `/api/takes/${take._id}`)).body.commentsCount).toBe(2);
    const page = await call('GET', `/api/comments?postID=${take._id}`);
    expect(page.body).toMatchObject({ totalComments: 1, comments: [{ _id: top.body._id, repliesCount: 1 }] });
    const replies = await call('GET', `/api/comments?postID=${top.body._id}`);
    expect(replies.body).toMatchObject({ totalComments: 1, comments: [{ _id: reply.body._id }] });
  });

  it('refuses replies to replies, parents of another take and unknown tagged users', async () => {
    const take = await postTake(author);
    const elsewhere = await postTake(author);
    const top = await comment(fan.idToken, { text: 'first', postID: take._id });
    const reply = await comment(fan.idToken, { text: 'second', postID: take._id, parentComment: top.body._id });
    expect((await comment(fan.idToken, { text: 'x', postID: take._id, parentComment: reply.body._id })).status).toBe(400);
    expect((await comment(fan.idToken, { text: 'x', postID: elsewhere._id, parentComment: top.body._id })).status).toBe(400);
    expect((await comment(fan.idToken, { text: 'x', postID: take._id, taggedUser: '000000000000000000000000' })).status).toBe(400);
    expect((await comment(fan.idToken, { text: 'x', postID: '000000000000000000000000' })).status).toBe(404);
  });

  it('tags a user by username in any case, storing their id and username as a tag by id does', async () => {
    const take = await postTake(author);
    const top = await comment(fan.idToken, { text: 'first', postID: take._id });
    const byName = await comment(author.idToken, {
      text: 'by name',
      postID: take._id,
      parentComment: top.body._id,
      taggedUser: fan.username.toUpperCase(),
    });
    expect(byName).toMatchObject({ status: 201, body: { taggedUser: { _id: fan._id, username: fan.username } } });
    const byId = await comment(author.idToken, { text: 'by id', postID: take._id, parentComment: top.body._id, taggedUser: fan._id });
    expect(byId.body.taggedUser).toEqual(byName.body.taggedUser);
    const replies = await call('GET', `/api/comments?postID=${top.body._id}`);
    expect(replies.body.comments.map((c: { taggedUser: unknown }) => c.taggedUser)).toEqual([
      { _id: fan._id, username: fan.username },
      { _id: fan._id, username: fan.username },
    ]);
  });

  it('refuses an unknown or malformed tagged username with a 400 that says so', async () => {
    const take = await postTake(author);
    const unknown = await comment(fan.idToken, { text: 'x', postID: take._id, taggedUser: 'nobody_here_zz' });
    expect(unknown).toMatchObject({ status: 400, body: { error: 'No user is named nobody_here_zz.' } });
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
  });

  it('pages 15 at a time and keeps commentsCount exact under 20 concurrent comments', async () => {
    const take = await postTake(author);
    await Promise.all(Array.from({ length: 20 }, (_, i) => comment(fan.idToken, { text: `c${i}`, postID: take._id })));
    const first = await call('GET', `/api/comments?postID=${take._id}`);
    expect(first.body.comments).toHaveLength(15);
    expect(first.body.totalComments).toBe(20);
    const second = await call('GET', `/api/comments?postID=${take._id}&skip=15&limit=15`);
    expect(second.body.comments).toHaveLength(5);
    expect((await call('GET', `/api/takes/${take._id}`)).body.commentsCount).toBe(20);
    expect((await call('GET', `/api/comments?postID=${take._id}&limit=51`)).status).toBe(400);
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

  it('reaches every page after the cursor of the one before, as skip does: newest, best and replies', async () => {
    const take = await postTake(author);
    const made: string[] = [];
    for (let i = 0; i < 7; i += 1) made.push((await comment(fan.idToken, { text: `paged ${i}`, postID: take._id })).body._id);
    // Best has ties (two liked, the rest not): the cursor carries the _id that breaks them.
    for (const id of [made[2], made[5]]) {
      await call('POST', '/api/user-action', { token: author.idToken, body: { actionType: 'like', commentID: id } });
    }
    for (let i = 0; i < 5; i += 1) await comment(author.idToken, { text: `reply ${i}`, postID: take._id, parentComment: made[0] });

    const walk = async (postID: string, sort: string, by: 'skip' | 'cursor') => {
      const seen: string[] = [];
      let next: { skip: number; cursor: string | null } | null = { skip: 0, cursor: null };
      while (next) {
        const cursor = by === 'cursor' && next.cursor ? `&cursor=${next.cursor}` : '';
        const page: Reply = await call('GET', `/api/comments?postID=${postID}&sort=${sort}&limit=2&skip=${next.skip}${cursor}`);
        expect(page.status).toBe(200);
        seen.push(...page.body.comments.map((c: { _id: string }) => c._id));
        expect(page.body.nextCursor === null).toBe(page.body.nextSkip === null);
        next = page.body.nextSkip === null ? null : { skip: page.body.nextSkip, cursor: page.body.nextCursor };
      }
      return seen;
    };
    expect(await walk(take._id, 'new', 'cursor')).toEqual([...made].reverse());
    expect(await walk(take._id, 'new', 'skip')).toEqual([...made].reverse());
    const best = await walk(take._id, 'best', 'cursor');
    expect(best.slice(0, 2).sort()).toEqual([made[2], made[5]].sort());
    expect(best).toEqual(await walk(take._id, 'best', 'skip'));
    expect(new Set(best)).toEqual(new Set(made));
    const replies = await walk(made[0]!, 'new', 'cursor');
    expect(replies).toHaveLength(5);
    expect(replies).toEqual(await walk(made[0]!, 'new', 'skip'));

    expect((await call('GET', `/api/comments?postID=${take._id}&cursor=not-a-cursor`)).status).toBe(400);
  });

  it('finds the most-liked top comment, or null', async () => {
    const take = await postTake(author);
    expect((await call('GET', `/api/comments/top?postID=${take._id}`)).body).toEqual({ topComment: null });
    await comment(fan.idToken, { text: 'meh', postID: take._id });
    const best = await comment(fan.idToken, { text: 'best', postID: take._id });
    await call('POST', '/api/user-action', { token: author.idToken, body: { actionType: 'like', commentID: best.body._id } });
    expect((await call('GET', `/api/comments/top?postID=${take._id}`)).body.topComment).toMatchObject({ _id: best.body._id, likes: 1 });
    expect(await call('GET', `/api/comments/${best.body._id}/counts`)).toMatchObject({ status: 200, body: { likes: 1, dislikes: 0 } });
    expect((await call('GET', '/api/comments/000000000000000000000000/counts')).status).toBe(404);
  });
});
