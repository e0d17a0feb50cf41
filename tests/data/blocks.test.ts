import { liveUnread } from '@/lib/data/notifications/live';
import { listRestrictions } from '@/lib/data/people/blocks';
import {
  act,
  comment,
  commentsPage,
  type Fan,
  feed,
  followFan,
  followingPage,
  notifications,
  outcome,
  plain,
  postTake,
  profile,
  restrictFan,
  search,
  signUp,
  suggestions,
  takeAs,
  topComment,
  unrestrictFan,
  vote,
} from '@/tests/data/support/fans';
import { inFuture } from '@/tests/data/support/clock';

const DAY = 24 * 60 * 60 * 1000;

let fan: Fan;
let troll: Fan;
let bystander: Fan;
beforeEach(async () => {
  [fan, troll, bystander] = await Promise.all([signUp('bfan'), signUp('btroll'), signUp('bby')]);
});

const put = (user: Fan, kind: 'blocks' | 'mutes', target: string) =>
  outcome(() => restrictFan(user, kind === 'blocks' ? 'block' : 'mute', target));
const undo = (user: Fan, kind: 'blocks' | 'mutes', target: string) =>
  outcome(() => unrestrictFan(user, kind === 'blocks' ? 'block' : 'mute', target));
const tryComment = (user: Fan, body: Record<string, unknown>) => outcome(() => comment(user, body));
const newest = async (user: Fan | null) => (await feed(user, 'sort=new&limit=50')).takes.map((t) => t._id);
const commentIds = async (postID: string, user: Fan | null) => (await commentsPage(user, postID)).comments.map((c) => c._id);
const notified = async (user: Fan) => (await notifications(user)).notifications.map((n) => n.actor?._id);

describe('mute', () => {
  it("hides the muted fan's takes, comments and notifications from the muter only, silently", async () => {
    const fanTake = await postTake(fan);
    const trollTake = await postTake(troll, { title: 'Troll take' });
    const trollComment = await comment(troll, { text: 'first!', postID: fanTake._id });
    const kind = await comment(bystander, { text: 'nice', postID: fanTake._id });
    expect(await notified(fan)).toContain(troll._id);

    expect(await put(fan, 'mutes', troll._id)).toMatchObject({ status: 200, body: { muting: true, blocking: false } });
    expect(await newest(fan)).not.toContain(trollTake._id);
    expect(await newest(null)).toContain(trollTake._id);
    expect(await newest(bystander)).toContain(trollTake._id);
    expect(await commentIds(fanTake._id, fan)).toEqual([kind._id]);
    expect(await commentIds(fanTake._id, bystander)).toEqual([kind._id, trollComment._id]);
    expect((await outcome(() => takeAs(fan, trollTake._id))).status).toBe(404);
    expect(await notified(fan)).not.toContain(troll._id);

    // The muted fan can still comment and react; the muter just never hears of it.
    expect((await tryComment(troll, { text: 'again', postID: fanTake._id })).status).toBe(200);
    expect((await outcome(() => act(troll, { actionType: 'like', postID: fanTake._id }))).status).toBe(200);
    expect(await notified(fan)).not.toContain(troll._id);
    expect((await liveUnread(fan.identity)).unread).toBe(1);
    expect(await profile(troll, fan)).toMatchObject({ muting: true, blocking: false });

    expect(await undo(fan, 'mutes', troll._id)).toMatchObject({ status: 200, body: { muting: false } });
    expect(await newest(fan)).toContain(trollTake._id);
  });

  it('pages comments by where the next page starts, so hidden ones never shift or end the list', async () => {
    const take = await postTake(fan);
    for (let i = 0; i < 20; i += 1) await comment(i % 2 ? troll : bystander, { text: `c${i}`, postID: take._id });
    await put(fan, 'mutes', troll._id);
    // The newest 15 are c19 to c5, of which the 7 even ones are the bystander's: the page is filled from the
    // comments after them (lib/data/filters/lists.ts), and with all 10 of theirs shown there is nothing left.
    const first = await commentsPage(fan, take._id);
    expect(first).toMatchObject({ totalComments: 20, nextSkip: null, nextCursor: null });
    expect(first.comments.map((c: { text: string }) => c.text)).toEqual(['c18', 'c16', 'c14', 'c12', 'c10', 'c8', 'c6', 'c4', 'c2', 'c0']);
    // A page asked for by position still starts where it is asked to.
    const second = await commentsPage(fan, take._id, 'skip=15');
    expect(second).toMatchObject({ nextSkip: null });
    expect(second.comments.map((c: { text: string }) => c.text)).toEqual(['c4', 'c2', 'c0']);
  });
});

describe('block', () => {
  it('ends follows both ways with exact counts and hides each from the other', async () => {
    const fanTake = await postTake(fan);
    const trollTake = await postTake(troll);
    await followFan(troll, fan);
    await followFan(fan, troll);
    await followFan(bystander, fan);
    expect(await profile(fan)).toMatchObject({ followersCount: 2, followingCount: 1 });

    expect(await put(fan, 'blocks', troll._id)).toMatchObject({ status: 200, body: { blocking: true } });
    expect(await profile(fan)).toMatchObject({ followersCount: 1, followingCount: 0 });
    expect(await profile(troll)).toMatchObject({ followersCount: 0, followingCount: 0 });
    expect(await profile(troll, fan)).toMatchObject({ blocking: true, isFollowing: false });

    expect(await newest(fan)).not.toContain(trollTake._id);
    expect(await newest(troll)).not.toContain(fanTake._id);
    expect((await outcome(() => takeAs(troll, fanTake._id))).status).toBe(404);
    expect((await followingPage(troll)).takes).toEqual([]);
    expect(plain(await listRestrictions(fan.id))).toEqual({
      blocked: [{ _id: troll._id, username: troll.username, profilePictureUrl: null, flair: null }],
      muted: [],
    });
    // A repeat changes nothing.
    expect((await put(fan, 'blocks', troll._id)).status).toBe(200);
    expect(plain(await listRestrictions(fan.id)).blocked).toHaveLength(1);
  });

  it("refuses the blocked fan's follow, comment, reply, tag and reaction on the blocker's content with a clear error", async () => {
    const fanTake = await postTake(fan);
    const fanComment = await comment(fan, { text: 'mine', postID: fanTake._id });
    const elsewhere = await postTake(bystander);
    // The troll has reacted already: the block must reach their next reaction at once.
    await act(troll, { actionType: 'like', postID: elsewhere._id });
    await put(fan, 'blocks', troll._id);
    const blocked = { status: 403, body: { error: 'You can’t do that: this fan has blocked you.' } };

    expect(await outcome(() => followFan(troll, fan))).toMatchObject(blocked);
    expect(await tryComment(troll, { text: 'x', postID: fanTake._id })).toMatchObject(blocked);
    expect(await tryComment(troll, { text: 'x', postID: fanTake._id, parentComment: fanComment._id })).toMatchObject(blocked);
    expect(await tryComment(troll, { text: '@fan', postID: elsewhere._id, taggedUser: fan._id })).toMatchObject(blocked);
    for (const body of [
      { actionType: 'like', postID: fanTake._id },
      { actionType: 'dislike', commentID: fanComment._id },
      { actionType: 'favorite', postID: fanTake._id },
    ]) {
      expect(await outcome(() => act(troll, body))).toMatchObject(blocked);
    }
    // The blocker is told to unblock first.
    expect(await outcome(() => followFan(fan, troll))).toMatchObject({
      status: 403,
      body: { error: 'You have blocked this fan. Unblock them to do that.' },
    });
    // Elsewhere the blocked fan acts as before.
    expect((await tryComment(troll, { text: 'fine', postID: elsewhere._id })).status).toBe(200);
    expect((await takeAs(null, fanTake._id)).likes).toBe(0);

    // Only the blocker can undo it: the blocked fan "unblocking" changes nothing of theirs.
    expect((await undo(troll, 'blocks', fan._id)).status).toBe(200);
    expect((await tryComment(troll, { text: 'x', postID: fanTake._id })).status).toBe(403);
    expect(await undo(fan, 'blocks', troll._id)).toMatchObject({ status: 200, body: { blocking: false } });
    expect((await tryComment(troll, { text: 'back', postID: fanTake._id })).status).toBe(200);
    expect(await outcome(() => act(troll, { actionType: 'like', postID: fanTake._id }))).toMatchObject({ status: 200, body: { likes: 1 } });
    expect(await profile(fan)).toMatchObject({ followersCount: 0 });
  });

  it("refuses the blocked fan a receipt vote on the blocker's take, and gives each a top comment without the other's", async () => {
    const due = await postTake(fan, { checkBack: { preset: '30-days' } });
    const voteAs = (user: Fan) => outcome(() => vote(user, due._id, 'poorly', inFuture(31 * DAY)));
    const elsewhere = await postTake(bystander);
    const loud = await comment(troll, { text: 'loud', postID: elsewhere._id });
    const quiet = await comment(bystander, { text: 'quiet', postID: elsewhere._id });
    await act(bystander, { actionType: 'like', commentID: loud._id });
    await put(fan, 'blocks', troll._id);

    expect(await voteAs(troll)).toMatchObject({ status: 403, body: { error: 'You can’t do that: this fan has blocked you.' } });
    expect(await voteAs(bystander)).toMatchObject({ status: 200, body: { agedPoorly: 1 } });
    const top = async (viewer: Fan | null) => (await topComment(viewer, elsewhere._id)).topComment;
    expect(await top(null)).toMatchObject({ _id: loud._id });
    expect(await top(bystander)).toMatchObject({ _id: loud._id });
    expect(await top(fan)).toMatchObject({ _id: quiet._id });
  });

  it('keeps blocked and muted fans out of suggestions and search, and refuses oneself and a fan who is not there', async () => {
    const unique = `zq${Date.now().toString(36)}`;
    await postTake(troll, { title: `Search ${unique}` });
    await put(fan, 'blocks', troll._id);
    expect(await search(fan, unique)).toEqual([]);
    expect(await search(null, unique)).toHaveLength(1);
    expect((await suggestions(fan)).map((u) => u._id)).not.toContain(troll._id);

    expect((await put(fan, 'mutes', fan._id)).status).toBe(400);
    expect((await put(fan, 'blocks', '000000000000000000000000')).status).toBe(404);
  });
});
