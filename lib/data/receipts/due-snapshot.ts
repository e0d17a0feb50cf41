import 'server-only';
import mongoose from 'mongoose';
import { RECEIPTS_CATCH_UP_MS } from '@/lib/receipts/constants';
import { Take, type TakeRow } from '@/models';

type Split = Pick<TakeRow, '_id' | 'likes' | 'dislikes' | 'checkBackAt' | 'dueLikes'>;

/**
 * Records, once, a receipt's like split as it came due, which Called it is
 * judged by (lib/receipts/receipts.ts). Nothing runs at the stroke of the date, so the
 * first writer to meet a due take without a split records it: the scheduled
 * job (app/api/cron, just after 00:00 UTC, when check-back days begin) or a
 * receipt vote. Reads never write it: until it is recorded, a reader is shown
 * the split as it would be recorded now (receiptFactsOf). Each write is
 * conditional on no split being recorded yet and on the counts it read, so
 * racing writers cannot both record and a later like never changes it.
 */
async function record(take: Split): Promise<boolean> {
  const { likes, dislikes } = take;
  const written = await Take.updateOne(
    { _id: take._id, dueLikes: null, likes, dislikes },
    { $set: { dueLikes: likes, dueDislikes: dislikes } },
  );
  return written.modifiedCount === 1;
}

const isDue = (take: Split, at: Date) => take.checkBackAt != null && take.checkBackAt.getTime() <= at.getTime() && take.dueLikes == null;

/** A take's split as it stands (as read by a receipt vote), if it is due and has none. */
export async function recordDueSplit(take: Split, at: Date): Promise<void> {
  if (isDue(take, at)) await record(take);
}

/** The scheduled job's part: every take that came due in the catch-up window without a split. Returns how many it recorded. */
export async function recordDueSplits(at: Date): Promise<number> {
  const due = await Take.find({ checkBackAt: mongoose.trusted({ $gte: new Date(at.getTime() - RECEIPTS_CATCH_UP_MS), $lte: at }) })
    .sort({ checkBackAt: -1, _id: -1 })
    .select({ likes: 1, dislikes: 1, checkBackAt: 1, dueLikes: 1 })
    .lean<Split[]>();
  const written = await Promise.all(due.filter((take) => isDue(take, at)).map(record));
  return written.filter(Boolean).length;
}
