import mongoose from 'mongoose';
import { dbConnect, dbDisconnect } from '@/lib/db';
import { CallerScore, RateLimit, Take } from '@/models';
import { signInAdmin } from '@/tests/support/admin';
import { call, postTake, signUp, type TestUser } from '@/tests/support/api';

/**
 * Issue #38 item 8: a take moderators removed leaves no title anywhere public. Its receipt, once past the minutes its
 * author could take it back in, is scored as aged poorly, as its author's own delete would be
 * (docs/product.md#moderation), and its author's Calls tab says it was removed by moderators, without the title. A
 * score that loses its title later, and the migration, are tests/data/removed-calls.test.ts's; here, the page.
 */

const DAY = 24 * 60 * 60 * 1000;
const oid = (id: string) => new mongoose.Types.ObjectId(id);

let admin: TestUser;
let author: TestUser;
beforeAll(async () => {
  await dbConnect();
  [admin, author] = await Promise.all([signInAdmin(), signUp('removed')]);
});
afterAll(() => dbDisconnect());

/** A take with a check-back date, posted three days ago: it can no longer be taken back for free (CALLER_TAKE_BACK_MS). */
async function oldReceipt(title: string) {
  await RateLimit.collection.deleteMany({ key: new RegExp(`^checkBack:user:${author._id}:`) });
  const take = await postTake(author, { title, checkBack: { preset: '30-days' } });
  await Take.collection.updateOne({ _id: oid(take._id) }, { $set: { createdAt: new Date(Date.now() - 3 * DAY) } });
  return take;
}

const moderate = (takeId: string, action: 'hide' | 'delete') =>
  call('POST', `/api/moderation/takes/${takeId}`, { token: admin.idToken, body: { action } });
const calls = async () => String((await call('GET', `/profile/${author._id}?tab=calls`)).body);

it("scores a removed receipt as aged poorly and shows it without its title; the author's own delete keeps its title", async () => {
  const removed = await oldReceipt('Removed title that must not show');
  const hiddenThenRemoved = await oldReceipt('Hidden then removed title');
  const ownDelete = await oldReceipt('Deleted by its author');
  expect((await moderate(removed._id, 'delete')).status).toBe(200);
  expect((await moderate(hiddenThenRemoved._id, 'hide')).status).toBe(200);
  expect((await moderate(hiddenThenRemoved._id, 'delete')).status).toBe(200);
  expect((await call('DELETE', `/api/takes/${ownDelete._id}`, { token: author.idToken })).status).toBe(200);

  for (const take of [removed, hiddenThenRemoved]) {
    const score = await CallerScore.findById(take._id).lean();
    expect(score).toMatchObject({ verdict: 'poorly', reason: 'removed' });
    expect(score!.title ?? null).toBeNull();
  }
  expect(await CallerScore.findById(ownDelete._id).lean()).toMatchObject({ verdict: 'poorly', reason: 'deleted', title: ownDelete.title });

  const page = await calls();
  expect(page).not.toContain('Removed title that must not show');
  expect(page).not.toContain('Hidden then removed title');
  expect(page).toContain('Removed by moderators');
  expect(page).toContain('Deleted by its author');
});
