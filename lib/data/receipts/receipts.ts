import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { RECEIPT_MIN_VOTES, RECEIPT_VERDICT_AFTER_MS, RECEIPTS_DUE_WINDOW_MS } from '@/lib/receipts/constants';
import { dbConnect } from '@/lib/db';
import { assertNotBlocked } from '@/lib/data/visibility/block-facts';
import { recordDueSplit } from '@/lib/data/receipts/due-snapshot';
import { markForCheck, movingCounters } from '@/lib/data/counters/counter-checks';
import { noteVerdicts } from '@/lib/data/notifications/notifications';
import { withAuthors, type TakeDTO } from '@/lib/data/takes/takes';
import { insertOnce } from '@/lib/data/shared/insert-once';
import { badRequest, forbidden, notFound } from '@/lib/errors';
import { formatDueDate } from '@/lib/receipts/due-date';
import { receiptFactsOf, receiptState, type ReceiptVote as Vote } from '@/lib/receipts/receipts';
import type { ReceiptRecord, ReceiptState, VoteRecord } from '@/lib/validation/receipts';
import { ReceiptVote, type ReceiptVoteRow, Take, type TakeRow } from '@/models';

const stateOf = (take: TakeRow, now: Date): ReceiptState => receiptState(receiptFactsOf({ ...take, checkBackAt: take.checkBackAt! }), now);

/**
 * Aged well or Aged poorly, with the switch semantics of a take's like: a
 * first vote counts, the other side switches it, the same side again changes
 * nothing. The vote is written first under its unique index and the counts
 * move only when it changed, so concurrent voters stay exact. Voting opens on
 * the check-back day, and never to the author nor across a block.
 */
export async function voteOnReceipt(userId: Types.ObjectId, takeId: string, vote: Vote, now: Date): Promise<ReceiptState> {
  await dbConnect();
  const take = await Take.findById(takeId).lean<TakeRow>();
  if (!take) throw notFound('Take not found.');
  if (!take.checkBackAt) throw badRequest('This take has no check-back date.');
  if (String(take.createdBy) === String(userId)) throw forbidden('You cannot vote on your own take.');
  // A vote is a reaction to the take: none across a block, either way, as for likes and comments.
  await assertNotBlocked(userId, [take.createdBy]);
  if (now.getTime() < take.checkBackAt.getTime()) throw badRequest(`Voting opens on ${formatDueDate(take.checkBackAt)}.`);
  await recordDueSplit(take, now);

  const other: Vote = vote === 'well' ? 'poorly' : 'well';
  const field = (v: Vote) => (v === 'well' ? 'agedWell' : 'agedPoorly');
  const moved = await movingCounters([{ kind: 'take', id: takeId }], async () => {
    let inc: Record<string, number> | null = null;
    if (await insertOnce(() => ReceiptVote.create({ take: take._id, author: take.createdBy, user: userId, vote })))
      inc = { [field(vote)]: 1, receiptVotes: 1 };
    else if ((await ReceiptVote.updateOne({ take: take._id, user: userId, vote: other }, { $set: { vote } })).modifiedCount === 1) {
      inc = { [field(vote)]: 1, [field(other)]: -1 };
    }
    // The same side again: nothing moves, and the answer is the counts as they are now.
    if (!inc) return Take.findById(take._id).lean<TakeRow>();
    return Take.findOneAndUpdate({ _id: take._id }, { $inc: inc }, { returnDocument: 'after' }).lean<TakeRow>();
  });
  if (!moved) {
    // The take was deleted meanwhile: its vote goes too, as deleteTake's own cleanup may have run before it.
    await ReceiptVote.deleteOne({ take: take._id, user: userId });
    throw notFound('Take not found.');
  }
  // The vote that brings a verdict tells the author.
  await noteVerdicts([moved], now);
  return stateOf(moved, now);
}

const VOTES_LIMIT = 5000;

/** The viewer's receipt votes, newest first, so every card shows which side they took. */
export async function listReceiptVotes(userId: Types.ObjectId): Promise<VoteRecord[]> {
  await dbConnect();
  const rows = await ReceiptVote.find({ user: userId })
    .sort({ updatedAt: -1 })
    .limit(VOTES_LIMIT)
    .select({ take: 1, vote: 1 })
    .lean<Pick<ReceiptVoteRow, 'take' | 'vote'>[]>();
  return rows.map((r) => ({ postID: String(r.take), vote: r.vote }));
}

/**
 * The /receipts lists. Due: takes whose day came in the last 14 days and that
 * await a verdict, most recently due first (the window bounds the read). Verdicts:
 * takes whose verdict stands, most recently due first; the vote count is
 * stored, so the read walks the check-back index and stops at a page.
 */
export async function listReceipts(
  list: 'due' | 'verdicts',
  { skip, limit, now }: { skip: number; limit: number; now: Date },
): Promise<TakeDTO[]> {
  await dbConnect();
  if (list === 'due') {
    const takes = await Take.find({ checkBackAt: mongoose.trusted({ $gte: new Date(now.getTime() - RECEIPTS_DUE_WINDOW_MS), $lte: now }) })
      .sort({ checkBackAt: -1, _id: -1 })
      .lean<TakeRow[]>();
    const awaiting = takes.filter((t) => stateOf(t, now).status === 'voting');
    return withAuthors(awaiting.slice(skip, skip + limit));
  }
  const takes = await Take.find({
    checkBackAt: mongoose.trusted({ $lte: new Date(now.getTime() - RECEIPT_VERDICT_AFTER_MS) }),
    receiptVotes: mongoose.trusted({ $gte: RECEIPT_MIN_VOTES }),
  })
    .sort({ checkBackAt: -1, _id: -1 })
    .skip(skip)
    .limit(limit)
    .lean<TakeRow[]>();
  return withAuthors(takes);
}

async function authorReceipts(userId: string): Promise<TakeRow[]> {
  await dbConnect();
  return Take.find({ createdBy: userId, checkBackAt: mongoose.trusted({ $ne: null }) })
    .sort({ checkBackAt: -1, _id: -1 })
    .lean<TakeRow[]>();
}

/**
 * An author's receipts record: Called it, Aged well (Called it included: every
 * called take also aged well), Aged poorly, and Pending (not yet due, or due
 * and still short of a verdict). Too close to call counts in none of them.
 */
export async function receiptRecord(userId: string, now: Date): Promise<ReceiptRecord> {
  const takes = await authorReceipts(userId);
  const record = { calledIt: 0, agedWell: 0, agedPoorly: 0, pending: 0 };
  for (const take of takes) {
    const state = stateOf(take, now);
    if (state.status !== 'resolved') record.pending += 1;
    else if (state.verdict === 'well') record.agedWell += 1;
    else if (state.verdict === 'poorly') record.agedPoorly += 1;
    if (state.calledIt) record.calledIt += 1;
  }
  return record;
}

/** An author's resolved takes, most recently due first, for the profile's Receipts tab. */
export async function listResolvedReceipts(
  userId: string,
  { skip, limit, now }: { skip: number; limit: number; now: Date },
): Promise<TakeDTO[]> {
  const takes = await authorReceipts(userId);
  return withAuthors(takes.filter((t) => stateOf(t, now).status === 'resolved').slice(skip, skip + limit));
}

const DELETE_BATCH = 200;

/** Deletes every receipt vote a fan cast (their account is being deleted); each count moves only with the vote this call deleted. */
export async function deleteReceiptVotesOf(user: Types.ObjectId): Promise<void> {
  for (;;) {
    const batch = await ReceiptVote.find({ user }).limit(DELETE_BATCH).lean<Pick<ReceiptVoteRow, '_id' | 'take' | 'vote'>[]>();
    await markForCheck(batch.map((vote) => ({ kind: 'take' as const, id: String(vote.take) })));
    for (const vote of batch) {
      if (!(await ReceiptVote.deleteOne({ _id: vote._id })).deletedCount) continue;
      const inc = { [vote.vote === 'well' ? 'agedWell' : 'agedPoorly']: -1, receiptVotes: -1 };
      // Cached lists read live counts on the way out (lib/data/takes/takes.ts), so none is expired for a vote.
      await movingCounters([{ kind: 'take', id: String(vote.take) }], () => Take.updateOne({ _id: vote.take }, { $inc: inc }));
    }
    if (batch.length < DELETE_BATCH) return;
  }
}
