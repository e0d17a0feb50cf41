import { REPORTER_MIN_ACCOUNT_AGE_MS } from '@/lib/moderation/constants';
import { getTakeForViewer } from '@/lib/data/moderation/moderated-takes';
import { CommentReport, Report } from '@/models';
import { inFuture } from '@/tests/data/support/clock';
import { comment, commentsPage, type Fan, oid, outcome, postTake, report, reportLater, signUp, takePart } from '@/tests/data/support/fans';

/**
 * Issue #26 item 4: report brigades. Every report reaches the queue, but only
 * reporters in good standing (an account a few days old that has taken part)
 * count toward hiding a take or comment automatically.
 */

let author: Fan;
let fresh: Fan[];
let idle: Fan[];
beforeAll(async () => {
  author = await signUp('brauthor');
  [fresh, idle] = await Promise.all([
    Promise.all(Array.from({ length: 5 }, () => signUp('brnew'))),
    Promise.all(Array.from({ length: 5 }, () => signUp('bridle'))),
  ]);
  // The new accounts have taken part: only their age keeps their reports from counting.
  await takePart(fresh);
});

const now = () => new Date();
/** GET /api/takes/{id} for a visitor: 200 while the take stands, 404 once it is hidden. */
const takeStatus = async (id: string) => (await outcome(() => getTakeForViewer(id, null))).status;

describe('reports from fans without standing', () => {
  it('five accounts made minutes ago reach the queue but hide neither a take nor a comment', async () => {
    const take = await postTake(author, { title: 'Brigaded take' });
    const target = await comment(author, { text: 'Brigaded comment', postID: take._id });
    for (const fan of fresh) {
      await report(fan, 'take', take._id, 'Brigade', now());
      await report(fan, 'comment', target._id, 'Brigade', now());
    }
    expect(await takeStatus(take._id)).toBe(200);
    const listed = (await commentsPage(null, take._id)).comments.map((c: { _id: string }) => c._id);
    expect(listed).toEqual([target._id]);
    // Every report is there for the moderators, open.
    expect(await Report.countDocuments({ take: oid(take._id), closedAt: null })).toBe(5);
    expect(await CommentReport.countDocuments({ comment: oid(target._id), closedAt: null })).toBe(5);
  });

  it('five old enough accounts that never took part hide nothing either', async () => {
    const take = await postTake(author, { title: 'Idle reporters' });
    for (const fan of idle) await report(fan, 'take', take._id, 'Brigade', reportLater());
    expect(await takeStatus(take._id)).toBe(200);
  });

  it('counts a fan once they have standing: the new accounts, days later, hide a take', async () => {
    const take = await postTake(author, { title: 'Reported with standing' });
    for (const fan of fresh.slice(0, 4)) await report(fan, 'take', take._id, 'Brigade', reportLater());
    // A report from before the account was old enough still reaches the queue, and does not count.
    await report(fresh[4]!, 'take', take._id, 'Brigade', inFuture(REPORTER_MIN_ACCOUNT_AGE_MS / 2));
    expect(await takeStatus(take._id)).toBe(200);
    const fifth = await signUp('brlate');
    await takePart([author, fifth]);
    await report(fifth, 'take', take._id, 'Brigade', reportLater());
    expect(await takeStatus(take._id)).toBe(404);
  });
});
