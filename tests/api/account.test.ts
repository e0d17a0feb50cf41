import mongoose from 'mongoose';
import { repairCounts } from '@/lib/data/maintenance/repair';
import { dbConnect, dbDisconnect } from '@/lib/db';
import { Block, Comment, Follow, Notification, ReceiptVote, Take, User, UserAction } from '@/models';
import { RECENT_SIGN_IN_MS } from '@/lib/constants';
import { signInAdmin } from '@/tests/support/admin';
import { call, inFuture, postTake, signUp, type TestUser } from '@/tests/support/api';
import { createAccount } from '@/tests/support/emulator';

beforeAll(() => dbConnect());
afterAll(() => dbDisconnect());

const DAY = 24 * 60 * 60 * 1000;
const as = (user: TestUser | null) => ({ token: user?.idToken });
const comment = async (user: TestUser, body: Record<string, unknown>) => {
  const reply = await call('POST', '/api/comments', { token: user.idToken, body });
  expect(reply.status).toBe(201);
  return reply.body as { _id: string };
};
const act = async (user: TestUser, body: Record<string, unknown>) =>
  expect((await call('POST', '/api/user-action', { token: user.idToken, body })).status).toBe(200);
const oid = (id: string) => new mongoose.Types.ObjectId(id);
const takeCounts = async (id: string) => {
  const take = await Take.findById(id).lean<{
    likes: number;
    dislikes: number;
    favorites: number;
    shares: number;
    commentsCount: number;
    agedWell: number;
    receiptVotes: number;
  }>();
  return (
    take && {
      likes: take.likes,
      dislikes: take.dislikes,
      favorites: take.favorites,
      shares: take.shares,
      commentsCount: take.commentsCount,
      agedWell: take.agedWell,
      receiptVotes: take.receiptVotes,
    }
  );
};

/** A leaver with something of everything: takes others reacted to, comments (one answered), reactions, a vote, follows both ways, a block. */
async function busyLeaver() {
  const [leaver, friend, other] = await Promise.all([signUp('leaver'), signUp('friend'), signUp('other')]);
  const own = await postTake(leaver, { title: 'Leaving soon' });
  await comment(friend, { text: 'on the leaver take', postID: own._id });
  await act(friend, { actionType: 'like', postID: own._id });

  const theirs = await postTake(friend, { checkBack: { preset: '30-days' } });
  await Take.collection.updateOne(
    { _id: oid(theirs._id) },
    { $set: { createdAt: new Date(Date.now() - 40 * DAY), checkBackAt: new Date(Date.now() - 2 * DAY) } },
  );
  const answered = await comment(leaver, { text: 'answered one', postID: theirs._id });
  await comment(other, { text: 'an answer', postID: theirs._id, parentComment: answered._id, taggedUser: leaver._id });
  const lonely = await comment(leaver, { text: 'lonely one', postID: theirs._id });
  const reply = await comment(leaver, { text: 'a reply', postID: theirs._id, parentComment: answered._id });
  await act(friend, { actionType: 'like', commentID: lonely._id });
  await act(leaver, { actionType: 'like', postID: theirs._id });
  await act(leaver, { actionType: 'favorite', postID: theirs._id });
  await act(leaver, { actionType: 'share', postID: theirs._id });
  await act(leaver, { actionType: 'dislike', commentID: answered._id });
  expect((await call('POST', `/api/takes/${theirs._id}/receipt`, { token: leaver.idToken, body: { vote: 'well' } })).status).toBe(200);
  for (const [a, b] of [
    [leaver, friend],
    [friend, leaver],
    [other, leaver],
  ] as const) {
    expect((await call('POST', `/api/users/${b.uid}/follow`, as(a))).status).toBe(200);
  }
  expect((await call('PUT', `/api/account/mutes/${other._id}`, as(leaver))).status).toBe(200);
  expect((await call('PUT', `/api/account/blocks/${leaver._id}`, as(other))).status).toBe(200);
  return { leaver, friend, other, own, theirs, answered, lonely, reply };
}

describe('download my data', () => {
  it('streams one JSON attachment with everything of the caller, and nothing of anyone else', async () => {
    const { leaver, friend, own, theirs, answered } = await busyLeaver();
    const reply = await call('GET', '/api/account/export', as(leaver));
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(reply.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="takes-${leaver.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    const data = reply.body;
    expect(data.profile).toMatchObject({ _id: leaver._id, username: leaver.username, email: leaver.email });
    expect(data.takes.map((t: any) => t._id)).toEqual([own._id]);
    expect(data.comments).toHaveLength(3);
    expect(data.comments.map((c: any) => c._id)).toContain(answered._id);
    expect(data.reactions).toEqual(
      expect.arrayContaining([
        { actionType: 'like', postID: theirs._id, at: expect.any(String) },
        { actionType: 'dislike', commentID: answered._id, at: expect.any(String) },
      ]),
    );
    expect(data.favoritesAndShares.map((a: any) => a.actionType).sort()).toEqual(['favorite', 'share']);
    expect(data.following).toEqual([{ user: { _id: friend._id, username: friend.username }, since: expect.any(String) }]);
    // The other fan's follow ended with their block.
    expect(data.followers).toEqual([{ user: { _id: friend._id, username: friend.username }, since: expect.any(String) }]);
    expect(data.receiptVotes).toEqual([{ postID: theirs._id, vote: 'well', at: expect.any(String) }]);
    expect(data.notifications.length).toBeGreaterThan(0);
    expect(data.blocksAndMutes).toHaveLength(1);
    expect(JSON.stringify(data)).not.toContain(friend.email);

    const friendData = (await call('GET', '/api/account/export', as(friend))).body;
    expect(friendData.takes.map((t: any) => t._id)).toEqual([theirs._id]);
    expect(friendData.profile.username).toBe(friend.username);
    expect((await call('GET', '/api/account/export')).status).toBe(401);
  });
});

describe('download my data: what moderation hid', () => {
  it('includes the comments and replies of the fan that moderators hid, marked hidden, and nobody else’s', async () => {
    const [admin, fan, other] = await Promise.all([signInAdmin(), signUp('exphid'), signUp('expother')]);
    const take = await postTake(other);
    const mine = await comment(fan, { text: 'Mine, hidden', postID: take._id });
    const theirs = await comment(other, { text: 'Theirs, hidden', postID: take._id });
    const myReply = await comment(fan, { text: 'My reply, hidden with it', postID: take._id, parentComment: theirs._id });
    const kept = await comment(fan, { text: 'Mine, standing', postID: take._id });
    for (const id of [mine._id, theirs._id]) {
      expect((await call('POST', `/api/moderation/comments/${id}`, { token: admin.idToken, body: { action: 'hide' } })).status).toBe(200);
    }

    const data = (await call('GET', '/api/account/export', as(fan))).body;
    expect(data.comments.map((c: any) => c._id)).toEqual([kept._id]);
    expect(data.hiddenComments).toHaveLength(2);
    expect(data.hiddenComments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ _id: mine._id, text: 'Mine, hidden', postID: take._id, hidden: true, reason: 'moderators' }),
        expect.objectContaining({ _id: myReply._id, text: 'My reply, hidden with it', parentComment: theirs._id, hidden: true }),
      ]),
    );
    expect(data.hiddenComments[0].hiddenAt).toEqual(expect.any(String));
    expect(JSON.stringify(data)).not.toContain('Theirs, hidden');
  });
});

describe('a recent sign-in', () => {
  const stale = () => inFuture(RECENT_SIGN_IN_MS + 60_000);
  const refusal = { status: 401, body: { error: 'For your security, please sign in again to do this.' } };

  it('is needed to delete the account or download its data; an old one is asked to sign in again', async () => {
    const fan = await signUp('stale');
    const deletion = await call('DELETE', '/api/account', { token: fan.idToken, body: { username: fan.username }, headers: stale() });
    expect(deletion).toMatchObject(refusal);
    expect(deletion.headers.get('www-authenticate')).toBe(
      `Bearer error="insufficient_user_authentication", max_age=${RECENT_SIGN_IN_MS / 1000}`,
    );
    const download = await call('GET', '/api/account/export', { token: fan.idToken, headers: stale() });
    expect(download).toMatchObject(refusal);
    expect(download.headers.get('www-authenticate')).toContain('insufficient_user_authentication');
    expect(download.headers.get('content-disposition')).toBeNull();
    // Nothing was deleted; within the window both go ahead.
    expect((await call('GET', `/api/users/users/${fan.uid}`, as(fan))).status).toBe(200);
    const soon = inFuture(RECENT_SIGN_IN_MS - 60_000);
    expect((await call('GET', '/api/account/export', { token: fan.idToken, headers: soon })).status).toBe(200);
    expect((await call('DELETE', '/api/account', { token: fan.idToken, body: { username: fan.username }, headers: soon })).status).toBe(
      200,
    );
  });
});

describe('delete my account', () => {
  it('refuses without the typed username, and leaves everything as it was', async () => {
    const { leaver, own } = await busyLeaver();
    expect((await call('DELETE', '/api/account', { body: { username: leaver.username } })).status).toBe(401);
    expect(await call('DELETE', '/api/account', { token: leaver.idToken, body: { username: 'someoneelse' } })).toMatchObject({
      status: 400,
      body: { error: 'Type your username exactly to confirm.' },
    });
    expect(await call('DELETE', '/api/account', { token: leaver.idToken, body: {} })).toMatchObject({ status: 400 });
    expect((await call('GET', `/api/takes/${own._id}`)).status).toBe(200);
    expect((await call('GET', `/api/users/full-profile/${leaver._id}`)).status).toBe(200);
  });

  it('removes the profile and everything in it, moves every count back, frees the username and ends the sign-in', async () => {
    expect(Array.isArray(await repairCounts())).toBe(true);
    const { leaver, friend, other, own, theirs, answered, lonely, reply } = await busyLeaver();
    const before = await takeCounts(theirs._id);
    expect(before).toEqual({ likes: 1, dislikes: 0, favorites: 1, shares: 1, commentsCount: 4, agedWell: 1, receiptVotes: 1 });

    expect(
      await call('DELETE', '/api/account', { token: leaver.idToken, body: { username: leaver.username.toUpperCase() } }),
    ).toMatchObject({
      status: 200,
      body: { message: 'Your account has been deleted.' },
    });

    expect((await call('GET', `/api/users/full-profile/${leaver._id}`)).status).toBe(404);
    expect((await call('GET', `/api/takes/${own._id}`)).status).toBe(404);
    expect((await call('GET', `/api/users/check-username/${leaver.username}`)).body).toEqual({ available: true });
    expect((await call('GET', `/api/users/users/${leaver.uid}`, as(leaver))).status).toBe(401);

    // Their answered comment stays as "[deleted]" for the answer under it; the rest of theirs is gone.
    expect(await takeCounts(theirs._id)).toEqual({
      likes: 0,
      dislikes: 0,
      favorites: 0,
      shares: 0,
      commentsCount: 1,
      agedWell: 0,
      receiptVotes: 0,
    });
    const page = (await call('GET', `/api/comments?postID=${theirs._id}`)).body;
    expect(page.comments).toEqual([expect.objectContaining({ _id: answered._id, deleted: true, text: '[deleted]', repliesCount: 1 })]);
    expect(JSON.stringify(page)).not.toContain(leaver.username);
    expect((await call('GET', `/api/comments/${lonely._id}/counts`)).status).toBe(404);
    expect((await call('GET', `/api/comments/${reply._id}/counts`)).status).toBe(404);
    expect((await call('GET', `/api/users/full-profile/${friend._id}`)).body).toMatchObject({ followersCount: 0, followingCount: 0 });
    expect((await call('GET', `/api/users/full-profile/${other._id}`)).body).toMatchObject({ followersCount: 0, followingCount: 0 });

    const id = oid(leaver._id);
    const left = await Promise.all([
      User.countDocuments({ _id: id }),
      Take.countDocuments({ createdBy: id }),
      Comment.countDocuments({ user: id }),
      UserAction.countDocuments({ user: id }),
      ReceiptVote.countDocuments({ user: id }),
      Follow.countDocuments({ follower: id }),
      Follow.countDocuments({ followee: id }),
      Notification.countDocuments({ recipient: id }),
      Notification.countDocuments({ actor: id }),
      Block.countDocuments({ user: id }),
      Block.countDocuments({ target: id }),
    ]);
    expect(left).toEqual(left.map(() => 0));
    expect(await repairCounts()).toEqual([]);

    // The username is free again for a newcomer.
    const newcomer = await createAccount('newcomer');
    expect(await call('POST', '/api/users', { token: newcomer.idToken, body: { username: leaver.username } })).toMatchObject({
      status: 201,
      body: { username: leaver.username },
    });
  });

  it('shows nothing half-deleted while a deletion is unfinished, and finishes it when asked again', async () => {
    expect(Array.isArray(await repairCounts())).toBe(true);
    const { leaver, friend, own, theirs, answered } = await busyLeaver();
    // Read under a key no later read uses: a cached list keeps its authors as they were until a deletion expires it.
    const newest = ((await call('GET', '/api/takes?sort=new&timeRange=24h&limit=50')).body as { _id: string }[]).map((t) => t._id);
    // A deletion cut short just after it began: the user is marked, every fact still there.
    await User.updateOne({ _id: oid(leaver._id) }, { $set: { deletingAt: new Date() } });
    // A page that read the leaver's take leaves it out, and is still not taken for the last page.
    const upToOwn = newest.indexOf(own._id) + 1;
    const page = await call('GET', `/api/takes?sort=new&limit=${upToOwn}`);
    expect(page.body.map((t: { _id: string }) => t._id)).not.toContain(own._id);
    expect(page.headers.get('x-next-cursor')).not.toBeNull();

    expect((await call('GET', `/api/users/full-profile/${leaver._id}`)).status).toBe(404);
    expect((await call('GET', `/api/takes/${own._id}`)).status).toBe(404);
    expect(((await call('GET', '/api/takes?sort=new&limit=50')).body as { _id: string }[]).map((t) => t._id)).not.toContain(own._id);
    const comments = (await call('GET', `/api/comments?postID=${theirs._id}`)).body.comments as any[];
    expect(comments.filter((c) => !c.deleted).map((c) => c.user._id)).not.toContain(leaver._id);
    expect(comments.find((c) => c._id === answered._id)).toMatchObject({ deleted: true, text: '[deleted]' });
    expect(((await call('GET', '/api/notifications', as(friend))).body.notifications as any[]).map((n) => n.actor?._id)).not.toContain(
      leaver._id,
    );
    // Nor can the leaver act meanwhile.
    expect(
      await call('POST', '/api/takes', {
        token: leaver.idToken,
        body: { title: 't', description: 'd', entityType: 'special', specialID: 'mvp-race' },
      }),
    ).toMatchObject({
      status: 403,
      body: { error: 'This account is being deleted.' },
    });

    expect((await call('DELETE', '/api/account', { token: leaver.idToken, body: { username: leaver.username } })).status).toBe(200);
    expect(await User.countDocuments({ _id: oid(leaver._id) })).toBe(0);
    expect(await takeCounts(theirs._id)).toMatchObject({ likes: 0, favorites: 0, commentsCount: 1, receiptVotes: 0 });
    expect(await repairCounts()).toEqual([]);
  });
});
