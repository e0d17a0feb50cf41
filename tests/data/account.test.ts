import { getCommentCounts } from '@/lib/data/comments/comments';
import { repairCounts } from '@/lib/data/maintenance/repair';
import { createUser, isUsernameAvailable } from '@/lib/data/people/users';
import { Block, Comment, Follow, Notification, ReceiptVote, Take, User, UserAction } from '@/models';
import {
  act,
  comment,
  commentsPage,
  exportOf,
  feed,
  followFan,
  leave,
  moderate,
  notifications,
  oid,
  outcome,
  postTake,
  profile,
  restrictFan,
  signInAdmin,
  signUp,
  takeAs,
  vote,
} from '@/tests/data/support/fans';

const DAY = 24 * 60 * 60 * 1000;
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
  await vote(leaver, theirs._id, 'well');
  for (const [a, b] of [
    [leaver, friend],
    [friend, leaver],
    [other, leaver],
  ] as const) {
    await followFan(a, b);
  }
  await restrictFan(leaver, 'mute', other._id);
  await restrictFan(other, 'block', leaver._id);
  return { leaver, friend, other, own, theirs, answered, lonely, reply };
}

describe('download my data', () => {
  it('holds everything of the fan, and nothing of anyone else', async () => {
    const { leaver, friend, own, theirs, answered } = await busyLeaver();
    const data = await exportOf(leaver);
    expect(data.profile).toMatchObject({ _id: leaver._id, username: leaver.username, email: leaver.identity.email });
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
    expect(JSON.stringify(data)).not.toContain(friend.identity.email!);

    const friendData = await exportOf(friend);
    expect(friendData.takes.map((t: any) => t._id)).toEqual([theirs._id]);
    expect(friendData.profile.username).toBe(friend.username);
  });

  it('includes the comments and replies of the fan that moderators hid, marked hidden, and nobody else’s', async () => {
    const [admin, fan, other] = await Promise.all([signInAdmin(), signUp('exphid'), signUp('expother')]);
    const take = await postTake(other);
    const mine = await comment(fan, { text: 'Mine, hidden', postID: take._id });
    const theirs = await comment(other, { text: 'Theirs, hidden', postID: take._id });
    const myReply = await comment(fan, { text: 'My reply, hidden with it', postID: take._id, parentComment: theirs._id });
    const kept = await comment(fan, { text: 'Mine, standing', postID: take._id });
    for (const id of [mine._id, theirs._id]) await moderate(admin, 'comment', id, 'hide');

    const data = await exportOf(fan);
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

describe('delete my account', () => {
  it('removes the profile and everything in it, moves every count back and frees the username', async () => {
    expect(Array.isArray(await repairCounts())).toBe(true);
    const { leaver, friend, other, own, theirs, answered, lonely, reply } = await busyLeaver();
    const before = await takeCounts(theirs._id);
    expect(before).toEqual({ likes: 1, dislikes: 0, favorites: 1, shares: 1, commentsCount: 4, agedWell: 1, receiptVotes: 1 });

    await leave(leaver);

    expect((await outcome(() => profile(leaver))).status).toBe(404);
    expect((await outcome(() => takeAs(null, own._id))).status).toBe(404);
    expect(await isUsernameAvailable(leaver.username)).toBe(true);

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
    const page = await commentsPage(null, theirs._id);
    expect(page.comments).toEqual([expect.objectContaining({ _id: answered._id, deleted: true, text: '[deleted]', repliesCount: 1 })]);
    expect(JSON.stringify(page)).not.toContain(leaver.username);
    expect((await outcome(() => getCommentCounts(lonely._id))).status).toBe(404);
    expect((await outcome(() => getCommentCounts(reply._id))).status).toBe(404);
    expect(await profile(friend)).toMatchObject({ followersCount: 0, followingCount: 0 });
    expect(await profile(other)).toMatchObject({ followersCount: 0, followingCount: 0 });

    const id = leaver.id;
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
    const newcomer = { uid: 'newcomer', email: 'newcomer@example.test', emailVerified: false, admin: false, signedInAt: new Date() };
    expect(await createUser(newcomer, leaver.username, { address: null, at: new Date() })).toMatchObject({ username: leaver.username });
  });

  it('shows nothing half-deleted while a deletion is unfinished, and finishes it when asked again', async () => {
    expect(Array.isArray(await repairCounts())).toBe(true);
    const { leaver, friend, own, theirs, answered } = await busyLeaver();
    const newest = (await feed(null, 'sort=new&timeRange=24h&limit=50')).takes.map((t) => t._id);
    // A deletion cut short just after it began: the user is marked, every fact still there.
    await User.updateOne({ _id: leaver.id }, { $set: { deletingAt: new Date() } });
    // A page that read the leaver's take leaves it out, and is still not taken for the last page.
    const upToOwn = newest.indexOf(own._id) + 1;
    const page = await feed(null, `sort=new&limit=${upToOwn}`);
    expect(page.takes.map((t) => t._id)).not.toContain(own._id);
    expect(page.nextCursor).not.toBeNull();

    expect((await outcome(() => profile(leaver))).status).toBe(404);
    expect((await outcome(() => takeAs(null, own._id))).status).toBe(404);
    expect((await feed(null, 'sort=new&limit=50')).takes.map((t) => t._id)).not.toContain(own._id);
    const comments = (await commentsPage(null, theirs._id)).comments;
    expect(comments.filter((c) => !c.deleted).map((c) => c.user._id)).not.toContain(leaver._id);
    expect(comments.find((c) => c._id === answered._id)).toMatchObject({ deleted: true, text: '[deleted]' });
    expect((await notifications(friend)).notifications.map((n) => n.actor?._id)).not.toContain(leaver._id);
    // Nor can the leaver act meanwhile.
    expect(
      await outcome(() =>
        postTake(leaver, { title: 't', description: 'd', entityType: 'special', playerID: null, specialID: 'mvp-race', tags: [] }),
      ),
    ).toMatchObject({ status: 403, body: { error: 'This account is being deleted.' } });

    await leave(leaver);
    expect(await User.countDocuments({ _id: leaver.id })).toBe(0);
    expect(await takeCounts(theirs._id)).toMatchObject({ likes: 0, favorites: 0, commentsCount: 1, receiptVotes: 0 });
    expect(await repairCounts()).toEqual([]);
  });
});
