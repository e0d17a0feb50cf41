import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { createAccount } from '@/tests/support/emulator';
import { PLAYER } from '@/tests/support/api';
import { isolatedStack, startLocalDb, stopIsolatedStack, waitUntil } from '@/tests/support/processes';

// Its own database process and app server, so stopping the database in the middle of a deletion disturbs no other test.
let db: ChildProcess;
let app: { url: string; child: ChildProcess };
let port: number;
let uri: string;
const dir = mkdtempSync(path.join(os.tmpdir(), 'takes-account-outage-'));

async function request(method: string, urlPath: string, token?: string, body?: unknown) {
  const response = await fetch(`${app.url}${urlPath}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(60_000),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as any };
}

beforeAll(async () => {
  ({ port, db, uri, app } = await isolatedStack('account-outage', dir));
}, 120_000);

afterAll(() => stopIsolatedStack({ app, db, dir }));

async function fan(name: string) {
  const account = await createAccount(name);
  const reply = await request('POST', '/api/users', account.idToken, { username: `${name}${Date.now().toString(36).slice(-6)}` });
  expect(reply.status).toBe(201);
  return { token: account.idToken, id: reply.body._id as string, uid: account.uid, username: reply.body.username as string };
}

it('finishes an account deletion the database cut short, showing nothing half-deleted meanwhile, with every count exact', async () => {
  const [leaver, a, b] = await Promise.all([fan('leaver'), fan('fana'), fan('fanb')]);
  const post = (who: { token: string }, title: string) =>
    request('POST', '/api/takes', who.token, {
      title,
      description: 'Outage test.',
      entityType: 'player',
      playerID: PLAYER.id,
      tags: [PLAYER.id],
    });
  // Enough for the deletion to take a while: takes others answered and liked, and the leaver's doings on theirs.
  const mine: string[] = [];
  const theirs: string[] = [];
  for (let i = 0; i < 25; i += 1) {
    mine.push((await post(leaver, `Leaver ${i}`)).body._id);
    theirs.push((await post(i % 2 ? a : b, `Other ${i}`)).body._id);
  }
  for (const [i, take] of mine.entries()) {
    await request('POST', '/api/user-action', (i % 2 ? a : b).token, { actionType: 'like', postID: take });
    await request('POST', '/api/comments', a.token, { text: `on ${i}`, postID: take });
  }
  for (const take of theirs) {
    await request('POST', '/api/user-action', leaver.token, { actionType: 'dislike', postID: take });
    await request('POST', '/api/user-action', leaver.token, { actionType: 'favorite', postID: take });
    const said = await request('POST', '/api/comments', leaver.token, { text: 'leaver was here', postID: take });
    await request('POST', '/api/comments', b.token, { text: 'answer', postID: take, parentComment: said.body._id });
  }
  await request('POST', `/api/users/${a.uid}/follow`, leaver.token);
  await request('POST', `/api/users/${leaver.uid}/follow`, b.token);

  // The deletion starts; once the leaver is marked, the database goes away under it.
  const conn = await mongoose.createConnection(uri).asPromise();
  const leaverId = new mongoose.Types.ObjectId(leaver.id);
  const deleting = request('DELETE', '/api/account', leaver.token, { username: leaver.username });
  await waitUntil(async () => Boolean((await conn.collection('users').findOne({ _id: leaverId }))?.deletingAt), 30_000);
  await conn.close();
  db.kill('SIGKILL');
  await new Promise((resolve) => db.once('exit', resolve));
  expect((await deleting).status).toBe(503);
  db = await startLocalDb(port, dir);
  await waitUntil(async () => (await request('GET', '/api/health')).status === 200, 30_000);

  const check = await mongoose.createConnection(uri).asPromise();
  try {
    // Cut short midway: some of theirs is still stored...
    const stillStored =
      (await check.collection('takes').countDocuments({ createdBy: leaverId })) +
      (await check.collection('useractions').countDocuments({ user: leaverId }));
    expect(stillStored).toBeGreaterThan(0);
    // ...and none of it shows.
    expect((await request('GET', `/api/users/full-profile/${leaver.id}`)).status).toBe(404);
    const feed = (await request('GET', '/api/takes?sort=new&limit=50')).body as { createdBy: { _id: string } }[];
    expect(feed.some((t) => t.createdBy._id === leaver.id)).toBe(false);
    const comments = (await request('GET', `/api/comments?postID=${theirs[0]}`)).body.comments as { user: { _id: string } }[];
    expect(comments.some((c) => c.user._id === leaver.id)).toBe(false);

    // Asked again, it finishes.
    expect((await request('DELETE', '/api/account', leaver.token, { username: leaver.username })).status).toBe(200);
    expect(await check.collection('users').countDocuments({ _id: leaverId })).toBe(0);
    for (const [collection, field] of [
      ['takes', 'createdBy'],
      ['comments', 'user'],
      ['useractions', 'user'],
      ['follows', 'follower'],
      ['follows', 'followee'],
      ['notifications', 'actor'],
    ] as const) {
      expect({ collection, left: await check.collection(collection).countDocuments({ [field]: leaverId }) }).toEqual({
        collection,
        left: 0,
      });
    }
    // No fact of a deleted take is left behind.
    const takeIds = (
      await check
        .collection('takes')
        .find({}, { projection: { _id: 1 } })
        .toArray()
    ).map((t) => t._id);
    expect(await check.collection('comments').countDocuments({ postID: { $nin: takeIds } })).toBe(0);

    // Every counter agrees with the facts under it.
    for (const take of await check.collection('takes').find({}).toArray()) {
      const [likes, dislikes, favorites, comments] = await Promise.all([
        check.collection('useractions').countDocuments({ target: take._id, actionType: 'like' }),
        check.collection('useractions').countDocuments({ target: take._id, actionType: 'dislike' }),
        check.collection('useractions').countDocuments({ target: take._id, actionType: 'favorite' }),
        check.collection('comments').countDocuments({ postID: take._id, deletedAt: null }),
      ]);
      expect({
        id: String(take._id),
        likes: take.likes,
        dislikes: take.dislikes,
        favorites: take.favorites,
        comments: take.commentsCount,
      }).toEqual({ id: String(take._id), likes, dislikes, favorites, comments });
    }
    for (const comment of await check.collection('comments').find({}).toArray()) {
      expect({ id: String(comment._id), replies: comment.repliesCount }).toEqual({
        id: String(comment._id),
        replies: await check.collection('comments').countDocuments({ parentComment: comment._id }),
      });
    }
    for (const user of await check.collection('users').find({}).toArray()) {
      const [followers, following, posts] = await Promise.all([
        check.collection('follows').countDocuments({ followee: user._id }),
        check.collection('follows').countDocuments({ follower: user._id }),
        check.collection('takes').countDocuments({ createdBy: user._id }),
      ]);
      expect({ id: String(user._id), followers: user.followersCount, following: user.followingCount, posts: user.postsCount }).toEqual({
        id: String(user._id),
        followers,
        following,
        posts,
      });
    }
  } finally {
    await check.close();
  }
}, 300_000);
