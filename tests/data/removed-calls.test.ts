import mongoose from 'mongoose';
import { listScoredCalls } from '@/lib/data/callers/caller-boards';
import { forgetRemovedTitles } from '@/lib/data/callers/removed-takes';
import { CallerScore, ModerationAction, RateLimit, Take } from '@/models';
import {
  type Fan as TestUser,
  moderate as decide,
  outcome,
  plain,
  postTake,
  removeTake,
  signInAdmin,
  signUp,
} from '@/tests/data/support/fans';

/**
 * Issue #38 item 8: a take moderators removed leaves no title anywhere public. Its receipt, once past the minutes its
 * author could take it back in, is scored as aged poorly, as its author's own delete would be
 * (docs/product.md#moderation), and its author's Calls tab says it was removed by moderators, without the title. The
 * Calls tab is read here through the verdicts it lists (listScoredCalls); tests/api/removed-calls.test.ts reads the page.
 */

const DAY = 24 * 60 * 60 * 1000;
const oid = (id: string) => new mongoose.Types.ObjectId(id);

let admin: TestUser;
let author: TestUser;
beforeAll(async () => {
  [admin, author] = await Promise.all([signInAdmin(), signUp('removed')]);
});

/** A take with a check-back date, posted three days ago: it can no longer be taken back for free (CALLER_TAKE_BACK_MS). */
async function oldReceipt(title: string) {
  await RateLimit.collection.deleteMany({ key: new RegExp(`^checkBack:user:${author._id}:`) });
  const take = await postTake(author, { title, checkBack: { preset: '30-days' } });
  await Take.collection.updateOne({ _id: oid(take._id) }, { $set: { createdAt: new Date(Date.now() - 3 * DAY) } });
  return take;
}

const moderate = (takeId: string, action: 'hide' | 'delete') => outcome(() => decide(admin, 'take', takeId, action));
/** What the author's Calls tab lists: each verdict's title (null: none shown) and reason. */
const calls = async () =>
  JSON.stringify(
    plain<{ title: string | null; reason: string }[]>(await listScoredCalls(author._id, { skip: 0, limit: 50 })).map((v) => [
      v.title,
      v.reason,
    ]),
  );

it("scores a removed receipt as aged poorly and shows it without its title; the author's own delete keeps its title", async () => {
  const removed = await oldReceipt('Removed title that must not show');
  const hiddenThenRemoved = await oldReceipt('Hidden then removed title');
  const ownDelete = await oldReceipt('Deleted by its author');
  expect((await moderate(removed._id, 'delete')).status).toBe(200);
  expect((await moderate(hiddenThenRemoved._id, 'hide')).status).toBe(200);
  expect((await moderate(hiddenThenRemoved._id, 'delete')).status).toBe(200);
  await removeTake(author, ownDelete._id);

  for (const take of [removed, hiddenThenRemoved]) {
    const score = await CallerScore.findById(take._id).lean();
    expect(score).toMatchObject({ verdict: 'poorly', reason: 'removed' });
    expect(score!.title ?? null).toBeNull();
  }
  expect(await CallerScore.findById(ownDelete._id).lean()).toMatchObject({ verdict: 'poorly', reason: 'deleted', title: ownDelete.title });

  const page = await calls();
  expect(page).not.toContain('Removed title that must not show');
  expect(page).not.toContain('Hidden then removed title');
  expect(page).toContain('[null,"removed"]');
  expect(page).toContain('["Deleted by its author","deleted"]');
});

it('forgets the title of a receipt scored by its votes once moderators remove its take', async () => {
  const take = await postTake(author, { title: 'Scored, then removed' });
  await CallerScore.create({
    _id: oid(take._id),
    author: oid(author._id),
    title: take.title,
    dueAt: new Date('2026-05-02'),
    dueDay: '2026-05-02',
    season: '2025-26',
    verdict: 'well',
    reason: 'votes',
    crowdLikes: 1,
    crowdDislikes: 3,
    crowd: 0.25,
    points: 3,
    scoredAt: new Date(),
  });
  expect(await calls()).toContain('Scored, then removed');
  expect((await moderate(take._id, 'delete')).status).toBe(200);
  expect((await CallerScore.findById(take._id).lean())?.title ?? null).toBeNull();
  expect(await calls()).not.toContain('Scored, then removed');
});

it('the migration forgets the titles stored before: every take the moderation log says moderators deleted', async () => {
  const score = (title: string, reason: 'votes' | 'deleted') => ({
    _id: new mongoose.Types.ObjectId(),
    author: oid(author._id),
    title,
    dueAt: new Date('2026-04-01'),
    dueDay: '2026-04-01',
    season: '2025-26',
    verdict: 'poorly' as const,
    reason,
    crowdLikes: 2,
    crowdDislikes: 2,
    crowd: 0.5,
    points: -1,
    scoredAt: new Date(),
  });
  const [removedEarlier, votedThenRemoved, ownDelete] = [
    score('Removed before the fix', 'deleted'),
    score('Voted, then removed before the fix', 'votes'),
    score('Deleted by its author before the fix', 'deleted'),
  ];
  await CallerScore.insertMany([removedEarlier, votedThenRemoved, ownDelete]);
  const logged = (take: mongoose.Types.ObjectId, title: string) => ({
    take,
    comment: null,
    title,
    author: oid(author._id),
    action: 'delete' as const,
    by: oid(admin._id),
  });
  await ModerationAction.create([logged(removedEarlier._id, removedEarlier.title), logged(votedThenRemoved._id, votedThenRemoved.title)]);
  expect(await calls()).toContain('Removed before the fix');

  await forgetRemovedTitles();
  await forgetRemovedTitles();

  expect(await CallerScore.findById(removedEarlier._id).lean()).toMatchObject({ reason: 'removed', verdict: 'poorly', points: -1 });
  expect((await CallerScore.findById(removedEarlier._id).lean())?.title ?? null).toBeNull();
  expect(await CallerScore.findById(votedThenRemoved._id).lean()).toMatchObject({ reason: 'votes' });
  expect((await CallerScore.findById(votedThenRemoved._id).lean())?.title ?? null).toBeNull();
  expect(await CallerScore.findById(ownDelete._id).lean()).toMatchObject({ reason: 'deleted', title: ownDelete.title });
  const page = await calls();
  expect(page).not.toContain('Removed before the fix');
  expect(page).not.toContain('Voted, then removed before the fix');
  expect(page).toContain('["Deleted by its author before the fix","deleted"]');
});
