import mongoose from 'mongoose';
import { REPORTER_MIN_ACCOUNT_AGE_MS } from '@/lib/constants';
import { dbConnect, dbDisconnect } from '@/lib/db';
import { CommentReport, Report } from '@/models';
import { call, inFuture, postTake, REPORT_LATER, signUp, takePart, type TestUser } from '@/tests/support/api';

/**
 * Issue #26 item 4: report brigades. Every report reaches the queue, but only
 * reporters in good standing (an account a few days old that has taken part)
 * count toward hiding a take or comment automatically.
 */

let author: TestUser;
let fresh: TestUser[];
let idle: TestUser[];
beforeAll(async () => {
  await dbConnect();
  author = await signUp('brauthor');
  [fresh, idle] = await Promise.all([
    Promise.all(Array.from({ length: 5 }, () => signUp('brnew'))),
    Promise.all(Array.from({ length: 5 }, () => signUp('bridle'))),
  ]);
  // The new accounts have taken part: only their age keeps their reports from counting.
  await takePart(fresh);
}, 60_000);
afterAll(() => dbDisconnect());

const reportTake = (user: TestUser, id: string, headers?: Record<string, string>) =>
  call('POST', `/api/takes/${id}/report`, { token: user.idToken, body: { reason: 'Brigade' }, headers });
const reportComment = (user: TestUser, id: string, headers?: Record<string, string>) =>
  call('POST', `/api/comments/${id}/report`, { token: user.idToken, body: { reason: 'Brigade' }, headers });
const oid = (id: string) => new mongoose.Types.ObjectId(id);

describe('reports from fans without standing', () => {
  it('five accounts made minutes ago reach the queue but hide neither a take nor a comment', async () => {
    const take = await postTake(author, { title: 'Brigaded take' });
    const target = (await call('POST', '/api/comments', { token: author.idToken, body: { text: 'Brigaded comment', postID: take._id } }))
      .body as { _id: string };
    for (const fan of fresh) {
      expect((await reportTake(fan, take._id)).status).toBe(201);
      expect((await reportComment(fan, target._id)).status).toBe(201);
    }
    expect((await call('GET', `/api/takes/${take._id}`)).status).toBe(200);
    const listed = (await call('GET', `/api/comments?postID=${take._id}`)).body.comments.map((c: { _id: string }) => c._id);
    expect(listed).toEqual([target._id]);
    // Every report is there for the moderators, open.
    expect(await Report.countDocuments({ take: oid(take._id), closedAt: null })).toBe(5);
    expect(await CommentReport.countDocuments({ comment: oid(target._id), closedAt: null })).toBe(5);
  });

  it('five old enough accounts that never took part hide nothing either', async () => {
    const take = await postTake(author, { title: 'Idle reporters' });
    for (const fan of idle) expect((await reportTake(fan, take._id, REPORT_LATER())).status).toBe(201);
    expect((await call('GET', `/api/takes/${take._id}`)).status).toBe(200);
  });

  it('counts a fan once they have standing: the new accounts, days later, hide a take', async () => {
    const take = await postTake(author, { title: 'Reported with standing' });
    for (const fan of fresh.slice(0, 4)) expect((await reportTake(fan, take._id, REPORT_LATER())).status).toBe(201);
    // A report from before the account was old enough still reaches the queue, and does not count.
    expect((await reportTake(fresh[4]!, take._id, inFuture(REPORTER_MIN_ACCOUNT_AGE_MS / 2))).status).toBe(201);
    expect((await call('GET', `/api/takes/${take._id}`)).status).toBe(200);
    const fifth = await signUp('brlate');
    await takePart([author, fifth]);
    expect((await reportTake(fifth, take._id, REPORT_LATER())).status).toBe(201);
    expect((await call('GET', `/api/takes/${take._id}`)).status).toBe(404);
  });
});
