import mongoose from 'mongoose';
import { getFullProfile } from '@/lib/data/people/users';
import { listReceipts, listReceiptVotes, receiptRecord } from '@/lib/data/receipts/receipts';
import { getTake } from '@/lib/data/takes/takes';
import { RateLimit, ReceiptVote, Take } from '@/models';
import { at } from '@/tests/data/support/clock';
import {
  type Fan as TestUser,
  outcome,
  plain,
  postTake,
  react as reactAs,
  removeTake,
  runScheduledJob,
  signUp,
  takeAs,
  vote as voteAs,
} from '@/tests/data/support/fans';

const DAY = 24 * 60 * 60 * 1000;

let author: TestUser;
let voters: TestUser[];
beforeAll(async () => {
  const users = await Promise.all(Array.from({ length: 21 }, (_, i) => signUp(i === 0 ? 'seer' : 'judge')));
  author = users[0]!;
  voters = users.slice(1);
});

/** POST /api/takes/{id}/receipt at the server's time `when` (default now): the receipt as it then stands, or the refusal. */
const vote = (user: TestUser, takeId: string, choice: unknown, when = new Date()) =>
  outcome(() => voteAs(user, takeId, choice as 'well', when));
const react = (user: TestUser, takeId: string, actionType: 'like' | 'dislike') => reactAs(user, takeId, actionType);
const receiptOf = async (takeId: string) => plain(await getTake(takeId)).receipt;
/** GET /api/receipts/record/{id}: 404 for an unknown user rather than an empty record, as the route asks first. */
const recordOf = async (userId: string) => {
  await getFullProfile(userId, null);
  return plain(await receiptRecord(userId, new Date()));
};
const listed = async (list: 'due' | 'verdicts') =>
  plain<{ _id: string }[]>(await listReceipts(list, { skip: 0, limit: 50, now: new Date() })).map((t) => t._id);
/**
 * A take with a check-back date; the author's allowance of those per day
 * (lib/data/callers/check-back-quota.ts, tested in callers-rules.test.ts) is reset
 * first, as these tests post many.
 */
async function postReceipt(by: TestUser, overrides: Record<string, unknown> = {}) {
  await RateLimit.collection.deleteMany({ key: new RegExp(`^checkBack:user:${by._id}:`) });
  return postTake(by, { checkBack: { preset: '30-days' }, ...overrides });
}
/**
 * Moves a take's dates into the past in the database (the days a test cannot
 * wait for): posted `daysAgo` + 30 days ago, due `daysAgo` days ago. Through the
 * driver, as Mongoose keeps createdAt immutable.
 */
const backdate = (takeId: string, daysAgo: number) =>
  Take.collection.updateOne(
    { _id: new mongoose.Types.ObjectId(takeId) },
    { $set: { createdAt: new Date(Date.now() - (daysAgo + 30) * DAY), checkBackAt: new Date(Date.now() - daysAgo * DAY) } },
  );
async function dueTake(daysAgo: number, by: TestUser = author) {
  const take = await postReceipt(by);
  await backdate(take._id, daysAgo);
  return take;
}
const votes = (takeId: string, sides: ('well' | 'poorly')[]) => Promise.all(sides.map((side, i) => vote(voters[i]!, takeId, side)));
const times = (n: number, side: 'well' | 'poorly') => Array.from({ length: n }, () => side);

describe('check-back dates', () => {
  it('lets a take name a check-back date, shown as due until then; a take without one has no receipt', async () => {
    const take = await postReceipt(author);
    const due = new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10);
    expect(take.receipt).toEqual({
      dueAt: `${due}T00:00:00.000Z`,
      status: 'pending',
      agedWell: 0,
      agedPoorly: 0,
      verdict: null,
      calledIt: false,
    });
    expect(await receiptOf((await postTake(author))._id)).toBeNull();
  });

  it('takes a custom day from a full week out up to two years out, and refuses nearer days, further out and unknown presets', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
    const custom = await postReceipt(author, { checkBack: { preset: 'custom', date: day(400) } });
    expect(custom.receipt.dueAt).toBe(`${day(400)}T00:00:00.000Z`);
    const create = (checkBack: unknown) =>
      outcome(() =>
        postTake(author, {
          title: 't',
          description: 'd',
          entityType: 'special',
          playerID: null,
          specialID: 'mvp-race',
          tags: [],
          checkBack,
        }),
      );
    for (const near of [-1, 1, 7]) {
      expect(await create({ preset: 'custom', date: day(near) })).toMatchObject({
        status: 400,
        body: { error: 'checkBack: The check-back date must be at least 7 days out.' },
      });
    }
    expect((await postReceipt(author, { checkBack: { preset: 'custom', date: day(8) } })).title).toBe('Test take');
    expect(await create({ preset: 'custom', date: day(800) })).toMatchObject({
      status: 400,
      body: { error: 'checkBack: The check-back date can be at most 2 years out.' },
    });
    expect(await create({ preset: 'custom' })).toMatchObject({ status: 400, body: { error: 'checkBack.date: Choose a check-back date.' } });
    expect((await create({ preset: 'next-decade' })).status).toBe(400);
    expect((await create({ preset: 'custom', date: '2027-02-30' })).status).toBe(400);
  });
});

describe('voting', () => {
  it('opens on the date, never to the author, and only with a real side', async () => {
    const pending = await postReceipt(author);
    const early = await vote(voters[0]!, pending._id, 'well');
    expect(early.status).toBe(400);
    expect(early.body.error).toMatch(/^Voting opens on [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/);

    const due = await dueTake(1);
    expect(await vote(author, due._id, 'well')).toMatchObject({ status: 403, body: { error: 'You cannot vote on your own take.' } });
    expect((await vote(voters[0]!, due._id, 'meh')).status).toBe(400);
    expect((await vote(voters[0]!, due._id, { $ne: null })).status).toBe(400);
    expect((await vote(voters[0]!, '000000000000000000000000', 'well')).status).toBe(404);
    expect(await vote(voters[0]!, (await postTake(author))._id, 'well')).toMatchObject({
      status: 400,
      body: { error: 'This take has no check-back date.' },
    });
  });

  it('opens when the test clock passes the date, without touching the database', async () => {
    const take = await postReceipt(author);
    const later = new Date(Date.now() + 31 * DAY);
    expect((await vote(voters[0]!, take._id, 'well')).status).toBe(400);
    expect(await vote(voters[0]!, take._id, 'well', later)).toMatchObject({
      status: 200,
      body: { status: 'voting', agedWell: 1 },
    });
  });

  it('switches sides like a like: a first vote, the other side moves it, the same side again changes nothing', async () => {
    const take = await dueTake(1);
    const fan = voters[0]!;
    expect((await vote(fan, take._id, 'well')).body).toMatchObject({ status: 'voting', agedWell: 1, agedPoorly: 0 });
    expect((await vote(fan, take._id, 'poorly')).body).toMatchObject({ agedWell: 0, agedPoorly: 1 });
    expect((await vote(fan, take._id, 'poorly')).body).toMatchObject({ agedWell: 0, agedPoorly: 1 });
    expect(plain(await listReceiptVotes(fan.id))).toContainEqual({ postID: take._id, vote: 'poorly' });
  });

  it('counts 20 voters at once exactly, and one voter sending 20 votes at once as one', async () => {
    const take = await dueTake(1);
    await votes(take._id, times(20, 'well'));
    expect(await receiptOf(take._id)).toMatchObject({ agedWell: 20, agedPoorly: 0 });
    expect(await ReceiptVote.countDocuments({ take: new mongoose.Types.ObjectId(take._id) })).toBe(20);

    const other = await dueTake(1);
    await Promise.all(Array.from({ length: 20 }, (_, i) => vote(voters[0]!, other._id, i % 2 ? 'well' : 'poorly')));
    const receipt = await receiptOf(other._id);
    expect(receipt.agedWell + receipt.agedPoorly).toBe(1);
    const [stored] = await ReceiptVote.find({ take: new mongoose.Types.ObjectId(other._id) }).lean();
    expect(receipt[stored!.vote === 'well' ? 'agedWell' : 'agedPoorly']).toBe(1);
  });
});

describe('verdicts', () => {
  it('waits for ten votes', async () => {
    const take = await dueTake(8);
    await votes(take._id, times(9, 'well'));
    expect(await receiptOf(take._id)).toMatchObject({ status: 'voting', verdict: null });
    await vote(voters[9]!, take._id, 'well');
    expect(await receiptOf(take._id)).toMatchObject({ status: 'resolved', verdict: 'well', agedWell: 10 });
  });

  it('waits a week after the date, however many have voted', async () => {
    const take = await dueTake(6);
    await votes(take._id, times(12, 'well'));
    expect(await receiptOf(take._id)).toMatchObject({ status: 'voting', verdict: null });
    expect((await at(new Date(Date.now() + 2 * DAY), () => takeAs(null, take._id))).receipt).toMatchObject({
      status: 'resolved',
      verdict: 'well',
    });
  });

  it('calls a split within ten points too close, and a wider one for its side', async () => {
    const close = await dueTake(8);
    await votes(close._id, [...times(5, 'well'), ...times(5, 'poorly')]);
    expect(await receiptOf(close._id)).toMatchObject({ verdict: 'close' });
    const poorly = await dueTake(8);
    await votes(poorly._id, [...times(3, 'well'), ...times(7, 'poorly')]);
    expect(await receiptOf(poorly._id)).toMatchObject({ verdict: 'poorly', calledIt: false });
  });
});

describe('Called it', () => {
  it('records the like split once, by the scheduled job after the date, never by a read; later likes do not change it', async () => {
    const take = await postReceipt(author);
    const id = new mongoose.Types.ObjectId(take._id);
    await react(voters[0]!, take._id, 'like');
    await Promise.all(voters.slice(1, 5).map((v) => react(v, take._id, 'dislike')));
    expect(await Take.findById(id).lean()).toMatchObject({ dueLikes: null, dueDislikes: null });

    await backdate(take._id, 8);
    // Reads show the split as it stands, and write nothing (the take's page too: tests/api/database-commands.test.ts).
    await Promise.all([takeAs(null, take._id), recordOf(author._id), listed('due')]);
    expect(await Take.findById(id).lean()).toMatchObject({ dueLikes: null, dueDislikes: null });
    // Racing runs of the job record it once.
    await Promise.all(Array.from({ length: 5 }, () => runScheduledJob()));
    expect(await Take.findById(id).lean()).toMatchObject({ dueLikes: 1, dueDislikes: 4 });

    // The take wins the room over afterwards: the split at the date stands.
    await Promise.all(voters.slice(5, 15).map((v) => react(v, take._id, 'like')));
    await votes(take._id, times(10, 'well'));
    expect(await Take.findById(id).lean()).toMatchObject({ likes: 11, dueLikes: 1, dueDislikes: 4 });
    expect(await receiptOf(take._id)).toMatchObject({ verdict: 'well', calledIt: true });
  });

  it('is recorded by the first vote when nobody read the take first, and goes to nobody who was liked at the date', async () => {
    const take = await dueTake(8);
    await Promise.all(voters.slice(10, 13).map((v) => react(v, take._id, 'like')));
    await vote(voters[0]!, take._id, 'well');
    expect(await Take.findById(take._id).lean()).toMatchObject({ dueLikes: 3, dueDislikes: 0 });
    await votes(take._id, times(10, 'well'));
    expect(await receiptOf(take._id)).toMatchObject({ verdict: 'well', calledIt: false });
  });
});

describe("an author's receipts", () => {
  it('counts called it, aged well, aged poorly and pending, and forgets a deleted take and its votes', async () => {
    const seer = await signUp('record');
    const record = () => recordOf(seer._id);
    expect(await record()).toEqual({ calledIt: 0, agedWell: 0, agedPoorly: 0, pending: 0 });

    const called = await postReceipt(seer);
    await Promise.all(voters.slice(0, 4).map((v) => react(v, called._id, 'dislike')));
    await backdate(called._id, 8);
    await votes(called._id, times(10, 'well'));
    const flop = await dueTake(9, seer);
    await votes(flop._id, times(10, 'poorly'));
    await postReceipt(seer);
    const open = await dueTake(1, seer);
    await votes(open._id, times(2, 'well'));
    expect(await record()).toEqual({ calledIt: 1, agedWell: 1, agedPoorly: 1, pending: 2 });

    const due = await listed('due');
    expect(due).toContain(open._id);
    expect(due).not.toContain(flop._id);
    const verdicts = await listed('verdicts');
    expect(verdicts).toEqual(expect.arrayContaining([called._id, flop._id]));
    expect(verdicts).not.toContain(open._id);

    await removeTake(seer, called._id);
    expect(await ReceiptVote.countDocuments({ take: new mongoose.Types.ObjectId(called._id) })).toBe(0);
    expect(await record()).toEqual({ calledIt: 0, agedWell: 0, agedPoorly: 1, pending: 2 });
    expect((await outcome(() => recordOf('000000000000000000000000'))).status).toBe(404);
  });
});
