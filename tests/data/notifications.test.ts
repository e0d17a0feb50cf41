import mongoose from 'mongoose';
import { liveUnread } from '@/lib/data/notifications/live';
import { markRead } from '@/lib/data/notifications/notifications';
import { getTake, getTakeCounts } from '@/lib/data/takes/takes';
import { Notification, Take } from '@/models';
import {
  comment,
  type Fan,
  followFan,
  notifications as list,
  plain,
  postTake,
  react,
  removeTake,
  runScheduledJob,
  signUp,
  unfollowFan,
  vote as castVote,
} from '@/tests/data/support/fans';

const DAY = 24 * 60 * 60 * 1000;

/** GET /api/notifications/unread. */
const unread = async (user: Fan): Promise<number> => (await liveUnread(user.identity)).unread;
const types = async (user: Fan) => (await list(user)).notifications.map((n) => n.type);

describe('who is told what', () => {
  it("tells a take's author of a comment, with who, the take, the words and a link; never of their own", async () => {
    const [author, fan] = await Promise.all([signUp('noteauthor'), signUp('notefan')]);
    const take = await postTake(author, { title: 'Bell test take' });
    await comment(author, { text: 'My own comment', postID: take._id });
    expect(await types(author)).toEqual([]);

    const made = await comment(fan, { text: 'Strong disagree', postID: take._id });
    const [note] = (await list(author)).notifications;
    expect(note).toMatchObject({
      type: 'comment',
      read: false,
      actor: { _id: fan._id, username: fan.username },
      take: { _id: take._id, title: 'Bell test take' },
      comment: { _id: made._id, text: 'Strong disagree' },
      href: `/takes/${take._id}`,
    });
    expect(await unread(author)).toBe(1);
    expect(await types(fan)).toEqual([]);
  });

  it("tells a comment's author of a reply and a tagged user of the tag, once each; the take's author hears of top-level comments only", async () => {
    const [author, commenter, replier, tagged] = await Promise.all([
      signUp('opauthor'),
      signUp('commenter'),
      signUp('replier'),
      signUp('tagged'),
    ]);
    const take = await postTake(author);
    const top = await comment(commenter, { text: 'First', postID: take._id });
    await comment(replier, { text: 'Reply tagging someone', postID: take._id, parentComment: top._id, taggedUser: tagged._id });
    expect(await types(commenter)).toEqual(['reply']);
    expect(await types(tagged)).toEqual(['tag']);
    expect(await types(author)).toEqual(['comment']);

    // Tagging the comment's own author in a reply to them is one notification, a reply.
    await comment(replier, { text: 'Again', postID: take._id, parentComment: top._id, taggedUser: commenter._id });
    expect(await types(commenter)).toEqual(['reply', 'reply']);
    // Replying to oneself, and tagging oneself, tell nobody.
    await comment(commenter, { text: 'Me again', postID: take._id, parentComment: top._id, taggedUser: commenter._id });
    expect(await types(commenter)).toEqual(['reply', 'reply']);
  });

  it('tells a user of a new follower once, however often they unfollow and follow again', async () => {
    const [star, fan] = await Promise.all([signUp('followed'), signUp('follower')]);
    await followFan(fan, star);
    await unfollowFan(fan, star);
    await followFan(fan, star);
    const { notifications } = await list(star);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({ type: 'follow', actor: { _id: fan._id }, take: null, href: `/profile/${fan._id}` });
    expect(await types(fan)).toEqual([]);
  });

  it('tells the author when a take passes 10 likes, once, even when a like is taken back and given again', async () => {
    const author = await signUp('milestone');
    const fans = await Promise.all(Array.from({ length: 10 }, () => signUp('liker')));
    const take = await postTake(author, { title: 'Ten likes' });
    for (const fan of fans.slice(0, 9)) await react(fan, take._id, 'like');
    expect(await types(author)).toEqual([]);
    await react(fans[9]!, take._id, 'like');
    const [note] = (await list(author)).notifications;
    expect(note).toMatchObject({ type: 'milestone', milestone: 10, actor: null, take: { _id: take._id, title: 'Ten likes' } });

    await react(fans[9]!, take._id, 'dislike');
    await react(fans[9]!, take._id, 'like');
    expect((await getTakeCounts(take._id)).likes).toBe(10);
    expect(await types(author)).toEqual(['milestone']);
  });

  it('tells the author of a receipt verdict once: from the vote that brings it, or from the scheduled job once time brings it', async () => {
    const author = await signUp('verdict');
    const voters = await Promise.all(Array.from({ length: 11 }, () => signUp('voter')));
    const backdate = (id: string, daysAgo: number) =>
      Take.collection.updateOne(
        { _id: new mongoose.Types.ObjectId(id) },
        { $set: { createdAt: new Date(Date.now() - (daysAgo + 30) * DAY), checkBackAt: new Date(Date.now() - daysAgo * DAY) } },
      );
    const vote = (voter: Fan, id: string) => castVote(voter, id, 'well');

    // Due 10 days ago: the tenth vote brings the verdict; an eleventh changes nothing for the bell.
    const byVote = await postTake(author, { checkBack: { preset: '30-days' } });
    await backdate(byVote._id, 10);
    for (const voter of voters.slice(0, 9)) await vote(voter, byVote._id);
    expect(await types(author)).toEqual([]);
    await vote(voters[9]!, byVote._id);
    await vote(voters[10]!, byVote._id);
    const notes = (await list(author)).notifications;
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: 'verdict', verdict: 'well', take: { _id: byVote._id } });

    // Due 3 days ago with ten votes: no verdict until a week has passed, then the scheduled job finds it (a read does not).
    const byTime = await postTake(author, { checkBack: { preset: '30-days' } });
    await backdate(byTime._id, 3);
    for (const voter of voters.slice(0, 10)) await vote(voter, byTime._id);
    await runScheduledJob();
    // The job also scored the first receipt for Callers, its voting closed (a notification of its own: callers-rules.test.ts).
    expect(await types(author)).toEqual(['scored', 'verdict']);
    await backdate(byTime._id, 8);
    expect(plain(await getTake(byTime._id)).receipt).toMatchObject({ status: 'resolved', verdict: 'well' });
    expect((await list(author)).notifications.filter((n) => n.take?._id === byTime._id)).toEqual([]);
    await Promise.all([runScheduledJob(), runScheduledJob()]);
    await runScheduledJob();
    expect((await list(author)).notifications.filter((n) => n.take?._id === byTime._id).map((n) => n.type)).toEqual(['scored', 'verdict']);
  });
});

describe('the list and the unread count', () => {
  it('pages newest first by 20, counts unread up to 10, and marks the shown ones or all of them read', async () => {
    const author = await signUp('busy');
    const fan = await signUp('chatty');
    const take = await postTake(author);
    const made: string[] = [];
    for (let i = 0; i < 23; i += 1) made.push((await comment(fan, { text: `Comment ${i}`, postID: take._id }))._id);

    const first = await list(author);
    expect(first.notifications).toHaveLength(20);
    expect(first.nextCursor).toMatch(/^\d+_[a-f0-9]{24}$/);
    const second = await list(author, first.nextCursor);
    expect(second).toMatchObject({ nextCursor: null });
    expect([...first.notifications, ...second.notifications].map((n) => n.comment?._id)).toEqual([...made].reverse());
    // Counting stops past what the bell shows ("9+").
    expect(await unread(author)).toBe(10);

    // Marking what one page showed leaves the other three.
    expect(await markRead(author.id, { ids: first.notifications.map((n) => n._id) })).toBe(3);
    expect((await list(author)).notifications.every((n) => n.read)).toBe(true);
    expect(await markRead(author.id, { all: true })).toBe(0);
    expect(await unread(author)).toBe(0);
  });

  it("cannot mark someone else's notifications read", async () => {
    const [author, fan, other] = await Promise.all([signUp('owner'), signUp('poker'), signUp('intruder')]);
    const take = await postTake(author);
    await comment(fan, { text: 'Hi', postID: take._id });
    const [note] = (await list(author)).notifications;
    expect(await markRead(other.id, { ids: [note!._id] })).toBe(0);
    expect(await unread(author)).toBe(1);
  });

  it('deleting a take removes the notifications that point at it or its comments', async () => {
    const [author, fan] = await Promise.all([signUp('deleter'), signUp('replyer')]);
    const take = await postTake(author);
    const top = await comment(author, { text: 'Mine', postID: take._id });
    await comment(fan, { text: 'Top', postID: take._id });
    await comment(fan, { text: 'Reply', postID: take._id, parentComment: top._id });
    expect(await types(author)).toEqual(['reply', 'comment']);
    await removeTake(author, take._id);
    expect(await types(author)).toEqual([]);
    expect(await Notification.countDocuments({ take: new mongoose.Types.ObjectId(take._id) })).toBe(0);
  });
});
