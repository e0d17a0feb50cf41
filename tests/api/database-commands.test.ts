import mongoose from 'mongoose';
import { dbConnect, dbDisconnect } from '@/lib/db';
import { Take } from '@/models';
import { call, postTake, signUp, TEAMS, type TestUser } from '@/tests/support/api';
import { commandsOf } from '@/tests/support/query-log';

const WRITES = /^(insert|update|delete|findAndModify)\b/;
const act = (user: TestUser, body: Record<string, unknown>) => call('POST', '/api/user-action', { token: user.idToken, body });

beforeAll(() => dbConnect());
afterAll(() => dbDisconnect());

describe('a reaction', () => {
  it('likes, switches, favorites and shares a take in at most 4 database commands each', async () => {
    const [author, fan] = await Promise.all([signUp('counted'), signUp('tallier')]);
    const [take, warmUp] = await Promise.all([postTake(author), postTake(author)]);
    // A fan's first action in a server looks them up; the next minute's do not.
    expect((await act(fan, { actionType: 'like', postID: warmUp._id })).status).toBe(200);

    const like = await commandsOf(() => act(fan, { actionType: 'like', postID: take._id }));
    expect(like.reply.body).toEqual({ likes: 1, dislikes: 0, shares: 0 });
    expect(like.ops).toEqual(['update ratelimits', 'findAndModify useractions', 'findAndModify takes', 'update entitystats']);

    for (const [actionType, counts] of [
      ['dislike', { likes: 0, dislikes: 1, shares: 0 }],
      ['like', { likes: 1, dislikes: 0, shares: 0 }],
      ['favorite', { likes: 1, dislikes: 0, shares: 0 }],
      ['favorite', { likes: 1, dislikes: 0, shares: 0 }],
      ['share', { likes: 1, dislikes: 0, shares: 1 }],
    ] as const) {
      const { reply, ops } = await commandsOf(() => act(fan, { actionType, postID: take._id }));
      expect({ actionType, body: reply.body }).toEqual({ actionType, body: counts });
      expect({ actionType, ops, within: ops.length <= 4 }).toEqual({ actionType, ops, within: true });
    }
    // The ranking keys were written with the counts they follow from.
    const stored = await Take.findById(take._id).lean();
    expect(stored).toMatchObject({ likes: 1, dislikes: 0, shares: 1, favorites: 0 });
  }, 60_000);

  it("moves a fan's split in the same command as the likes", async () => {
    const celtics = TEAMS.find((t) => t.name === 'Boston Celtics')!;
    const [author, fan] = await Promise.all([signUp('splitter'), signUp('greenfan')]);
    expect((await call('PUT', `/api/users/${fan._id}/favorite-team`, { token: fan.idToken, body: { team: celtics.id } })).status).toBe(200);
    const [take, warmUp] = await Promise.all([
      postTake(author, { entityType: 'team', playerID: null, team: celtics.id, tags: [celtics.id] }),
      postTake(author),
    ]);
    expect((await act(fan, { actionType: 'like', postID: warmUp._id })).status).toBe(200);
    const { ops } = await commandsOf(() => act(fan, { actionType: 'like', postID: take._id }));
    expect(ops).toEqual(['update ratelimits', 'findAndModify useractions', 'findAndModify takes', 'update entitystats']);
    expect(await Take.findById(new mongoose.Types.ObjectId(take._id)).lean()).toMatchObject({ likes: 1, fanLikes: 1 });
  }, 60_000);
});

describe("a take's comments", () => {
  it('cost no more to read after a reaction to the take than before it', async () => {
    const [author, fan] = await Promise.all([signUp('threaded'), signUp('reactor')]);
    const take = await postTake(author);
    expect((await call('POST', '/api/comments', { token: author.idToken, body: { text: 'First!', postID: take._id } })).status).toBe(201);
    const page = `/api/comments?postID=${take._id}`;
    // The first read after the comment lists the page; the second is the warm read every reader gets.
    expect((await call('GET', page)).status).toBe(200);
    const warm = await commandsOf(() => call('GET', page));
    // A like moves the take's live counts, not whether it is there or whose it is.
    expect((await act(fan, { actionType: 'like', postID: take._id })).status).toBe(200);
    const afterLike = await commandsOf(() => call('GET', page));
    expect(afterLike.reply.status).toBe(200);
    expect(afterLike.ops).toEqual(warm.ops);
  }, 60_000);
});

describe('a share image', () => {
  it('draws its take and top comment as cached, and keeps nothing for an id that names no take', async () => {
    const author = await signUp('sharecard');
    const take = await postTake(author);
    expect(
      (await call('POST', '/api/comments', { token: author.idToken, body: { text: 'Top of the thread', postID: take._id } })).status,
    ).toBe(201);
    const image = `/api/capture?takeID=${take._id}`;
    expect((await call('GET', image)).status).toBe(200);
    // Warm: the take and the comment it draws come from the cache; only the comment's author is read fresh.
    const warm = await commandsOf(() => call('GET', image));
    expect(warm.reply.status).toBe(200);
    expect(warm.reply.headers.get('content-type')).toBe('image/png');
    expect(warm.ops.filter((op) => op.endsWith(' takes') || op === 'find comments')).toEqual([]);
    expect(warm.ops.filter((op) => op === 'find users')).toHaveLength(1);
    // A comment taken away expires that entry: the next image reads the candidates again, and draws no comment.
    const comments = await call('GET', `/api/comments?postID=${take._id}`);
    const [first] = (comments.body as { comments: { _id: string }[] }).comments;
    expect((await call('DELETE', `/api/comments/${first!._id}`, { token: author.idToken })).status).toBe(200);
    const after = await commandsOf(() => call('GET', image));
    expect(after.reply.status).toBe(200);
    expect(after.ops.filter((op) => op === 'find comments')).toHaveLength(1);
    expect(after.reply.headers.get('etag')).not.toBe(warm.reply.headers.get('etag'));
    // The take deleted, its image is gone at once, though its words were cached.
    expect((await call('DELETE', `/api/takes/${take._id}`, { token: author.idToken })).status).toBe(200);
    expect(await call('GET', image)).toMatchObject({ status: 404, body: { error: 'Take not found.' } });
    const nowhere = `/api/capture?takeID=${new mongoose.Types.ObjectId().toString()}`;
    for (let i = 0; i < 2; i += 1) {
      const missing = await commandsOf(() => call('GET', nowhere));
      expect(missing.reply.status).toBe(404);
      expect(missing.reply.body).toEqual({ error: 'Take not found.' });
      // Its candidates were read beside the take and, with no take there, not kept: each request reads them again.
      expect(missing.ops.filter((op) => op === 'find comments')).toHaveLength(1);
    }
  }, 60_000);
});

describe('reads', () => {
  it('send no write to the database: pages, lists, a take, receipts and notifications', async () => {
    const author = await signUp('reader');
    const take = await postTake(author, { checkBack: { preset: '30-days' } });
    // Due a week ago with no split recorded: the case where reads used to write.
    await Take.collection.updateOne(
      { _id: new mongoose.Types.ObjectId(take._id) },
      { $set: { checkBackAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) } },
    );
    for (const path of [
      '/',
      `/takes/${take._id}`,
      `/api/takes/${take._id}`,
      '/api/takes',
      '/api/takes/trending?timeRange=week',
      `/api/receipts/record/${author._id}`,
      '/api/receipts?list=due',
      '/receipts',
      `/profile/${author._id}`,
    ]) {
      const { reply, ops } = await commandsOf(() => call('GET', path));
      expect({ path, status: reply.status }).toEqual({ path, status: 200 });
      expect({ path, writes: ops.filter((op) => WRITES.test(op)) }).toEqual({ path, writes: [] });
    }
    const { ops } = await commandsOf(() => call('GET', '/api/notifications', { token: author.idToken }));
    expect(ops.filter((op) => WRITES.test(op))).toEqual([]);
  }, 60_000);
});
