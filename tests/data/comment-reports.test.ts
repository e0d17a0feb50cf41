import mongoose from 'mongoose';
import { getCommentCounts } from '@/lib/data/comments/comments';
import { repairCounts } from '@/lib/data/maintenance/repair';
import { moderationQueue } from '@/lib/data/moderation/moderation';
import { getTake } from '@/lib/data/takes/takes';
import { CommentReport, HiddenComment, UserAction } from '@/models';
import {
  act,
  comment,
  commentsPage,
  type Fan,
  moderate as decide,
  outcome,
  plain,
  postTake,
  removeTake,
  report as fileReport,
  signInAdmin,
  signUp,
  takePart,
} from '@/tests/data/support/fans';

let author: Fan;
let fan: Fan;
let admin: Fan;
let reporters: Fan[];
beforeAll(async () => {
  [author, fan, admin, ...reporters] = await Promise.all([
    signUp('crep'),
    signUp('crepfan'),
    signInAdmin(),
    ...Array.from({ length: 5 }, () => signUp('reporter')),
  ]);
  // Fans in good standing, whose reports count toward hiding (tests/data/report-standing.test.ts covers the others).
  await takePart(reporters);
});

const report = (user: Fan, id: string, reason = 'Harassment') => outcome(() => fileReport(user, 'comment', id, reason));
const moderate = (user: Fan, id: string, action: string) => outcome(() => decide(user, 'comment', id, action));
const listed = async (postID: string) => {
  const page = await outcome(() => commentsPage(null, postID));
  return page.status === 200 ? page.body.comments.map((c: { _id: string }) => c._id) : [];
};
const commentsCount = async (takeId: string) => (await getTake(takeId)).commentsCount;
const queue = async () => plain<{ comments: any[]; openComments: number; recent: any[] }>(await moderationQueue());
const driftOn = async (ids: string[]) => (await repairCounts()).filter((fix) => ids.includes(fix.id));

describe('reporting a comment', () => {
  it('takes one report per fan, and refuses a comment that is not there', async () => {
    const take = await postTake(author);
    const theirs = await comment(fan, { text: 'Rude words', postID: take._id });
    expect((await report(reporters[0]!, theirs._id)).status).toBe(200);
    expect((await report(reporters[0]!, theirs._id, 'again')).status).toBe(200);
    expect(await CommentReport.countDocuments({ comment: new mongoose.Types.ObjectId(theirs._id) })).toBe(1);
    expect(await report(reporters[1]!, '000000000000000000000000')).toMatchObject({ status: 404, body: { error: 'Comment not found.' } });
  });

  it('hides a comment and its replies once 5 distinct fans report it, and shows it in the queue', async () => {
    const take = await postTake(author);
    const keep = await comment(author, { text: 'Fine comment', postID: take._id });
    const bad = await comment(fan, { text: 'Abusive comment', postID: take._id });
    const answer = await comment(author, { text: 'Please stop', postID: take._id, parentComment: bad._id, taggedUser: fan._id });
    await act(author, { actionType: 'like', commentID: bad._id });
    expect(await commentsCount(take._id)).toBe(3);

    for (const [i, reporter] of reporters.slice(0, 4).entries()) expect((await report(reporter, bad._id, `reason ${i}`)).status).toBe(200);
    expect(await listed(take._id)).toContain(bad._id);
    expect((await report(reporters[4]!, bad._id, 'reason 4')).status).toBe(200);

    expect(await listed(take._id)).toEqual([keep._id]);
    expect(await commentsCount(take._id)).toBe(1);
    expect((await outcome(() => commentsPage(null, bad._id))).status).toBe(404);
    expect((await outcome(() => act(reporters[0]!, { actionType: 'like', commentID: bad._id }))).status).toBe(404);
    expect((await outcome(() => comment(author, { text: 'x', postID: take._id, parentComment: bad._id }))).status).toBe(400);
    expect((await report(reporters[0]!, answer._id)).status).toBe(404);

    const item = (await queue()).comments.find((c) => c.comment._id === bad._id);
    expect(item).toMatchObject({
      comment: { text: 'Abusive comment', user: { _id: fan._id }, reply: false },
      take: { _id: take._id },
      hidden: { reason: 'reports' },
      reportCount: 5,
    });
    expect(item.reports.map((r: any) => r.reporter._id).sort()).toEqual(reporters.map((r) => r._id).sort());
    expect((await queue()).recent.find((e) => e.commentId === bad._id)).toMatchObject({
      action: 'auto-hide',
      by: null,
      reports: 5,
      title: 'Abusive comment',
    });

    // Restoring brings the comment, its reply and its like back, every count exact.
    expect(await moderate(admin, bad._id, 'dismiss')).toMatchObject({ status: 200, body: { message: 'Reports dismissed.' } });
    expect(await listed(take._id)).toEqual([bad._id, keep._id]);
    expect(await listed(bad._id)).toEqual([answer._id]);
    expect(await commentsCount(take._id)).toBe(3);
    expect(plain(await getCommentCounts(bad._id))).toEqual({ likes: 1, dislikes: 0 });
    expect((await queue()).comments.some((c) => c.comment._id === bad._id)).toBe(false);
    expect(await driftOn([take._id, bad._id, answer._id, keep._id])).toEqual([]);
  });

  it('lets moderators hide, restore and delete comments, each logged', async () => {
    const take = await postTake(author);
    const reply = await comment(author, { text: 'Top', postID: take._id });
    const target = await comment(fan, { text: 'Spam reply', postID: take._id, parentComment: reply._id });
    await report(reporters[0]!, target._id);
    expect(await moderate(admin, target._id, 'restore')).toMatchObject({ status: 400 });

    expect(await moderate(admin, target._id, 'hide')).toMatchObject({ status: 200, body: { message: 'Comment hidden.' } });
    expect(await listed(reply._id)).toEqual([]);
    expect((await commentsPage(null, take._id)).comments[0].repliesCount).toBe(0);
    expect(await commentsCount(take._id)).toBe(1);
    expect(await moderate(admin, target._id, 'restore')).toMatchObject({ status: 200, body: { message: 'Comment restored.' } });
    expect(await listed(reply._id)).toEqual([target._id]);
    expect(await commentsCount(take._id)).toBe(2);

    await moderate(admin, target._id, 'hide');
    expect(await moderate(admin, target._id, 'delete')).toMatchObject({ status: 200, body: { message: 'Comment deleted.' } });
    expect(await HiddenComment.exists({ _id: new mongoose.Types.ObjectId(target._id) })).toBeNull();
    expect((await moderate(admin, target._id, 'delete')).status).toBe(404);
    expect(await commentsCount(take._id)).toBe(1);
    const log = (await queue()).recent.filter((e) => e.commentId === target._id).map((e) => e.action);
    expect(log).toEqual(['delete', 'hide', 'restore', 'hide']);
    expect(await driftOn([take._id, reply._id])).toEqual([]);
  });

  it('deletes a take with its hidden comments, their reactions and reports', async () => {
    const take = await postTake(author);
    const hidden = await comment(fan, { text: 'Hidden away', postID: take._id });
    await act(author, { actionType: 'like', commentID: hidden._id });
    await report(reporters[0]!, hidden._id);
    await moderate(admin, hidden._id, 'hide');
    await removeTake(author, take._id);
    const id = new mongoose.Types.ObjectId(hidden._id);
    expect([
      await HiddenComment.countDocuments({ _id: id }),
      await CommentReport.countDocuments({ comment: id }),
      await UserAction.countDocuments({ target: id }),
    ]).toEqual([0, 0, 0]);
  });
});
