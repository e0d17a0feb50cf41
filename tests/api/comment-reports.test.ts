import mongoose from 'mongoose';
import { repairCounts } from '@/lib/data/maintenance/repair';
import { dbConnect, dbDisconnect } from '@/lib/db';
import { CommentReport, HiddenComment, UserAction } from '@/models';
import { signInAdmin } from '@/tests/support/admin';
import { call, postTake, REPORT_LATER, signUp, takePart, type TestUser } from '@/tests/support/api';

let author: TestUser;
let fan: TestUser;
let admin: TestUser;
let reporters: TestUser[];
beforeAll(async () => {
  await dbConnect();
  [author, fan, admin, ...reporters] = await Promise.all([
    signUp('crep'),
    signUp('crepfan'),
    signInAdmin(),
    ...Array.from({ length: 5 }, () => signUp('reporter')),
  ]);
  // Fans in good standing, whose reports count toward hiding (tests/api/report-standing.test.ts covers the others).
  await takePart(reporters);
});
afterAll(() => dbDisconnect());

const comment = async (user: TestUser, body: Record<string, unknown>) => {
  const reply = await call('POST', '/api/comments', { token: user.idToken, body });
  expect(reply.status).toBe(201);
  return reply.body as { _id: string };
};
const report = (user: TestUser, id: string, reason = 'Harassment') =>
  call('POST', `/api/comments/${id}/report`, { token: user.idToken, body: { reason }, headers: REPORT_LATER() });
const moderate = (user: TestUser, id: string, action: string) =>
  call('POST', `/api/moderation/comments/${id}`, { token: user.idToken, body: { action } });
const listed = async (postID: string) =>
  ((await call('GET', `/api/comments?postID=${postID}`)).body.comments ?? []).map((c: { _id: string }) => c._id);
const commentsCount = async (takeId: string) => (await call('GET', `/api/takes/${takeId}`)).body.commentsCount as number;
const queue = async () =>
  (await call('GET', '/api/moderation/queue', { token: admin.idToken })).body as { comments: any[]; openComments: number; recent: any[] };
const driftOn = async (ids: string[]) => (await repairCounts()).filter((fix) => ids.includes(fix.id));

describe('reporting a comment', () => {
  it('takes one report per fan with the take report messages and limits, and refuses what cannot be reported', async () => {
    const take = await postTake(author);
    const theirs = await comment(fan, { text: 'Rude words', postID: take._id });
    expect(await report(reporters[0]!, theirs._id)).toMatchObject({ status: 201, body: { message: 'Report submitted. Thank you!' } });
    expect((await report(reporters[0]!, theirs._id, 'again')).status).toBe(201);
    expect(await CommentReport.countDocuments({ comment: new mongoose.Types.ObjectId(theirs._id) })).toBe(1);
    expect(await report(reporters[1]!, theirs._id, '')).toMatchObject({ status: 400, body: { error: 'reason: A reason is required.' } });
    expect(await report(reporters[1]!, theirs._id, 'x'.repeat(401))).toMatchObject({
      status: 400,
      body: { error: 'reason: The reason must be at most 400 characters.' },
    });
    expect((await call('POST', `/api/comments/${theirs._id}/report`, { body: { reason: 'x' } })).status).toBe(401);
    expect((await report(reporters[1]!, '000000000000000000000000')).status).toBe(404);
    expect(
      (await call('POST', `/api/comments/${theirs._id}/report`, { token: reporters[1]!.idToken, body: { reason: { $ne: null } } })).status,
    ).toBe(400);
  });

  it('hides a comment and its replies once 5 distinct fans report it, and shows it in the queue', async () => {
    const take = await postTake(author);
    const keep = await comment(author, { text: 'Fine comment', postID: take._id });
    const bad = await comment(fan, { text: 'Abusive comment', postID: take._id });
    const answer = await comment(author, { text: 'Please stop', postID: take._id, parentComment: bad._id, taggedUser: fan._id });
    await call('POST', '/api/user-action', { token: author.idToken, body: { actionType: 'like', commentID: bad._id } });
    expect(await commentsCount(take._id)).toBe(3);

    for (const [i, reporter] of reporters.slice(0, 4).entries()) expect((await report(reporter, bad._id, `reason ${i}`)).status).toBe(201);
    expect(await listed(take._id)).toContain(bad._id);
    expect((await report(reporters[4]!, bad._id, 'reason 4')).status).toBe(201);

    expect(await listed(take._id)).toEqual([keep._id]);
    expect(await commentsCount(take._id)).toBe(1);
    expect((await call('GET', `/api/comments?postID=${bad._id}`)).status).toBe(404);
    expect(
      (await call('POST', '/api/user-action', { token: reporters[0]!.idToken, body: { actionType: 'like', commentID: bad._id } })).status,
    ).toBe(404);
    expect(
      (await call('POST', '/api/comments', { token: author.idToken, body: { text: 'x', postID: take._id, parentComment: bad._id } }))
        .status,
    ).toBe(400);
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
    expect((await call('GET', `/api/comments/${bad._id}/counts`)).body).toEqual({ likes: 1, dislikes: 0 });
    expect((await queue()).comments.some((c) => c.comment._id === bad._id)).toBe(false);
    expect(await driftOn([take._id, bad._id, answer._id, keep._id])).toEqual([]);
  });

  it('lets only moderators hide, restore and delete comments, each logged', async () => {
    const take = await postTake(author);
    const reply = await comment(author, { text: 'Top', postID: take._id });
    const target = await comment(fan, { text: 'Spam reply', postID: take._id, parentComment: reply._id });
    await report(reporters[0]!, target._id);
    for (const user of [fan, author]) expect((await moderate(user, target._id, 'hide')).status).toBe(404);
    expect((await call('POST', `/api/moderation/comments/${target._id}`, { body: { action: 'hide' } })).status).toBe(404);
    expect((await moderate(admin, target._id, 'explode')).status).toBe(400);
    expect((await moderate(admin, target._id, 'restore')).status).toBe(400);

    expect(await moderate(admin, target._id, 'hide')).toMatchObject({ status: 200, body: { message: 'Comment hidden.' } });
    expect(await listed(reply._id)).toEqual([]);
    expect((await call('GET', `/api/comments?postID=${take._id}`)).body.comments[0].repliesCount).toBe(0);
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
    await call('POST', '/api/user-action', { token: author.idToken, body: { actionType: 'like', commentID: hidden._id } });
    await report(reporters[0]!, hidden._id);
    await moderate(admin, hidden._id, 'hide');
    expect((await call('DELETE', `/api/takes/${take._id}`, { token: author.idToken })).status).toBe(200);
    const id = new mongoose.Types.ObjectId(hidden._id);
    expect([
      await HiddenComment.countDocuments({ _id: id }),
      await CommentReport.countDocuments({ comment: id }),
      await UserAction.countDocuments({ target: id }),
    ]).toEqual([0, 0, 0]);
  });
});
