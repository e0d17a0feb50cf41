import { call, inFuture, postTake, signUp, type TestUser } from '@/tests/support/api';

const DAY = 24 * 60 * 60 * 1000;

let fan: TestUser;
let troll: TestUser;
let bystander: TestUser;
beforeEach(async () => {
  [fan, troll, bystander] = await Promise.all([signUp('bfan'), signUp('btroll'), signUp('bby')]);
});

const as = (user: TestUser | null) => ({ token: user?.idToken });
const put = (user: TestUser, kind: 'blocks' | 'mutes', target: string) => call('PUT', `/api/account/${kind}/${target}`, as(user));
const undo = (user: TestUser, kind: 'blocks' | 'mutes', target: string) => call('DELETE', `/api/account/${kind}/${target}`, as(user));
const comment = (user: TestUser, body: Record<string, unknown>) => call('POST', '/api/comments', { token: user.idToken, body });
const newest = async (user: TestUser | null) =>
  ((await call('GET', '/api/takes?sort=new&limit=50', as(user))).body as { _id: string }[]).map((t) => t._id);
const commentIds = async (postID: string, user: TestUser | null) =>
  ((await call('GET', `/api/comments?postID=${postID}`, as(user))).body.comments as { _id: string }[]).map((c) => c._id);
const profile = async (of: TestUser, viewer: TestUser | null) => (await call('GET', `/api/users/full-profile/${of._id}`, as(viewer))).body;
const notified = async (user: TestUser) =>
  ((await call('GET', '/api/notifications', as(user))).body.notifications as { actor: { _id: string } | null }[]).map((n) => n.actor?._id);

describe('mute', () => {
  it("hides the muted fan's takes, comments and notifications from the muter only, silently", async () => {
    const fanTake = await postTake(fan);
    const trollTake = await postTake(troll, { title: 'Troll take' });
    const trollComment = (await comment(troll, { text: 'first!', postID: fanTake._id })).body;
    const kind = (await comment(bystander, { text: 'nice', postID: fanTake._id })).body;
    expect(await notified(fan)).toContain(troll._id);

    expect(await put(fan, 'mutes', troll._id)).toMatchObject({ status: 200, body: { muting: true, blocking: false } });
    expect(await newest(fan)).not.toContain(trollTake._id);
    expect(await newest(null)).toContain(trollTake._id);
    expect(await newest(bystander)).toContain(trollTake._id);
    expect(await commentIds(fanTake._id, fan)).toEqual([kind._id]);
    expect(await commentIds(fanTake._id, bystander)).toEqual([kind._id, trollComment._id]);
    expect((await call('GET', `/api/takes/${trollTake._id}`, as(fan))).status).toBe(404);
    expect(await notified(fan)).not.toContain(troll._id);

    // The muted fan can still comment and react; the muter just never hears of it.
    expect((await comment(troll, { text: 'again', postID: fanTake._id })).status).toBe(201);
    expect(
      (await call('POST', '/api/user-action', { token: troll.idToken, body: { actionType: 'like', postID: fanTake._id } })).status,
    ).toBe(200);
    expect(await notified(fan)).not.toContain(troll._id);
    expect((await call('GET', '/api/notifications/unread', as(fan))).body.unread).toBe(1);
    expect(await profile(troll, fan)).toMatchObject({ muting: true, blocking: false });

    expect(await undo(fan, 'mutes', troll._id)).toMatchObject({ status: 200, body: { muting: false } });
    expect(await newest(fan)).toContain(trollTake._id);
  });

  it('pages comments by where the next page starts, so hidden ones never shift or end the list', async () => {
    const take = await postTake(fan);
    for (let i = 0; i < 20; i += 1)
      expect((await comment(i % 2 ? troll : bystander, { text: `c${i}`, postID: take._id })).status).toBe(201);
    await put(fan, 'mutes', troll._id);
    // The newest 15 are c19 to c5, of which the 7 even ones are the bystander's: the page is filled from the
    // comments after them (lib/data/filters/lists.ts), and with all 10 of theirs shown there is nothing left.
    const first = await call('GET', `/api/comments?postID=${take._id}`, as(fan));
    expect(first.body).toMatchObject({ totalComments: 20, nextSkip: null, nextCursor: null });
    expect(first.body.comments.map((c: { text: string }) => c.text)).toEqual([
      'c18',
      'c16',
      'c14',
      'c12',
      'c10',
      'c8',
      'c6',
      'c4',
      'c2',
      'c0',
    ]);
    // A page asked for by position still starts where it is asked to.
    const second = await call('GET', `/api/comments?postID=${take._id}&skip=15`, as(fan));
    expect(second.body).toMatchObject({ nextSkip: null });
    expect(second.body.comments.map((c: { text: string }) => c.text)).toEqual(['c4', 'c2', 'c0']);
  });
});

describe('block', () => {
  it('ends follows both ways with exact counts and hides each from the other', async () => {
    const fanTake = await postTake(fan);
    const trollTake = await postTake(troll);
    expect((await call('POST', `/api/users/${fan.uid}/follow`, as(troll))).status).toBe(200);
    expect((await call('POST', `/api/users/${troll.uid}/follow`, as(fan))).status).toBe(200);
    expect((await call('POST', `/api/users/${fan.uid}/follow`, as(bystander))).status).toBe(200);
    expect(await profile(fan, null)).toMatchObject({ followersCount: 2, followingCount: 1 });

    expect(await put(fan, 'blocks', troll._id)).toMatchObject({ status: 200, body: { blocking: true } });
    expect(await profile(fan, null)).toMatchObject({ followersCount: 1, followingCount: 0 });
    expect(await profile(troll, null)).toMatchObject({ followersCount: 0, followingCount: 0 });
    expect(await profile(troll, fan)).toMatchObject({ blocking: true, isFollowing: false });

    expect(await newest(fan)).not.toContain(trollTake._id);
    expect(await newest(troll)).not.toContain(fanTake._id);
    expect((await call('GET', `/api/takes/${fanTake._id}`, as(troll))).status).toBe(404);
    expect((await call('GET', '/api/takes/following', as(troll))).body.takes).toEqual([]);
    expect((await call('GET', '/api/account/blocks', as(fan))).body).toEqual({
      blocked: [{ _id: troll._id, username: troll.username, profilePictureUrl: null, flair: null }],
      muted: [],
    });
    // A repeat changes nothing.
    expect((await put(fan, 'blocks', troll._id)).status).toBe(200);
    expect((await call('GET', '/api/account/blocks', as(fan))).body.blocked).toHaveLength(1);
  });

  it("refuses the blocked fan's follow, comment, reply, tag and reaction on the blocker's content with a clear error", async () => {
    const fanTake = await postTake(fan);
    const fanComment = (await comment(fan, { text: 'mine', postID: fanTake._id })).body;
    const elsewhere = await postTake(bystander);
    // The troll has reacted already: the block must reach their next reaction at once.
    expect(
      (await call('POST', '/api/user-action', { token: troll.idToken, body: { actionType: 'like', postID: elsewhere._id } })).status,
    ).toBe(200);
    await put(fan, 'blocks', troll._id);
    const blocked = { status: 403, body: { error: 'You can’t do that: this fan has blocked you.' } };

    expect(await call('POST', `/api/users/${fan.uid}/follow`, as(troll))).toMatchObject(blocked);
    expect(await comment(troll, { text: 'x', postID: fanTake._id })).toMatchObject(blocked);
    expect(await comment(troll, { text: 'x', postID: fanTake._id, parentComment: fanComment._id })).toMatchObject(blocked);
    expect(await comment(troll, { text: '@fan', postID: elsewhere._id, taggedUser: fan._id })).toMatchObject(blocked);
    for (const body of [
      { actionType: 'like', postID: fanTake._id },
      { actionType: 'dislike', commentID: fanComment._id },
      { actionType: 'favorite', postID: fanTake._id },
    ]) {
      expect(await call('POST', '/api/user-action', { token: troll.idToken, body })).toMatchObject(blocked);
    }
    // The blocker is told to unblock first.
    expect(await call('POST', `/api/users/${troll.uid}/follow`, as(fan))).toMatchObject({
      status: 403,
      body: { error: 'You have blocked this fan. Unblock them to do that.' },
    });
    // Elsewhere the blocked fan acts as before.
    expect((await comment(troll, { text: 'fine', postID: elsewhere._id })).status).toBe(201);
    expect((await call('GET', `/api/takes/${fanTake._id}`)).body.likes).toBe(0);

    // Only the blocker can undo it: the blocked fan "unblocking" changes nothing of theirs.
    expect((await undo(troll, 'blocks', fan._id)).status).toBe(200);
    expect((await comment(troll, { text: 'x', postID: fanTake._id })).status).toBe(403);
    expect(await undo(fan, 'blocks', troll._id)).toMatchObject({ status: 200, body: { blocking: false } });
    expect((await comment(troll, { text: 'back', postID: fanTake._id })).status).toBe(201);
    expect(
      await call('POST', '/api/user-action', { token: troll.idToken, body: { actionType: 'like', postID: fanTake._id } }),
    ).toMatchObject({ status: 200, body: { likes: 1 } });
    expect(await profile(fan, null)).toMatchObject({ followersCount: 0 });
  });

  it("refuses the blocked fan a receipt vote on the blocker's take, and gives each a top comment without the other's", async () => {
    const due = await postTake(fan, { checkBack: { preset: '30-days' } });
    const voteAs = (user: TestUser) =>
      call('POST', `/api/takes/${due._id}/receipt`, { token: user.idToken, body: { vote: 'poorly' }, headers: inFuture(31 * DAY) });
    const elsewhere = await postTake(bystander);
    const loud = (await comment(troll, { text: 'loud', postID: elsewhere._id })).body;
    const quiet = (await comment(bystander, { text: 'quiet', postID: elsewhere._id })).body;
    await call('POST', '/api/user-action', { token: bystander.idToken, body: { actionType: 'like', commentID: loud._id } });
    await put(fan, 'blocks', troll._id);

    expect(await voteAs(troll)).toMatchObject({ status: 403, body: { error: 'You can’t do that: this fan has blocked you.' } });
    expect(await voteAs(bystander)).toMatchObject({ status: 200, body: { agedPoorly: 1 } });
    const top = async (viewer: TestUser | null) =>
      (await call('GET', `/api/comments/top?postID=${elsewhere._id}`, as(viewer))).body.topComment;
    expect(await top(null)).toMatchObject({ _id: loud._id });
    expect(await top(bystander)).toMatchObject({ _id: loud._id });
    expect(await top(fan)).toMatchObject({ _id: quiet._id });
  });

  it('keeps blocked and muted fans out of suggestions and search, and validates its input', async () => {
    const unique = `zq${Date.now().toString(36)}`;
    await postTake(troll, { title: `Search ${unique}` });
    await put(fan, 'blocks', troll._id);
    expect((await call('GET', `/api/search/takes?q=${unique}`, as(fan))).body).toEqual([]);
    expect((await call('GET', `/api/search/takes?q=${unique}`)).body).toHaveLength(1);
    expect(((await call('GET', '/api/users/suggestions', as(fan))).body as { _id: string }[]).map((u) => u._id)).not.toContain(troll._id);

    expect((await put(fan, 'mutes', fan._id)).status).toBe(400);
    expect((await put(fan, 'blocks', '000000000000000000000000')).status).toBe(404);
    expect((await put(fan, 'blocks', 'nope')).status).toBe(400);
    expect((await call('PUT', `/api/account/blocks/${troll._id}`)).status).toBe(401);
    expect((await call('GET', '/api/account/blocks')).status).toBe(401);
  });
});
