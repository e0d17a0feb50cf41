import 'server-only';
import type { Types } from 'mongoose';
import mongoose from 'mongoose';
import { CHECK_BACK_TAKES_PER_DAY } from '@/lib/constants';
import { AppError, isDuplicateKey } from '@/lib/errors';
import { dayStart, utcDay } from '@/lib/receipts';
import { RateLimit } from '@/models';

const DAY_MS = 24 * 60 * 60 * 1000;
export const CHECK_BACK_QUOTA_MESSAGE = `You can add a check-back date to at most ${CHECK_BACK_TAKES_PER_DAY} takes a day.`;

/**
 * Counts one new take with a check-back date against its author's allowance
 * for the UTC day (CHECK_BACK_TAKES_PER_DAY), or refuses it with a 429: a fan
 * who posts dozens of calls a day to keep the ones that land is not calling
 * anything. The count is a window in the rate-limit collection keyed by fan
 * and day, moved by one conditional upsert (its insert collides with a full
 * window's unique key), so racing posts on any instance cannot pass the limit;
 * a take deleted later still used its place. Swept after the day by the
 * scheduled job with the other windows.
 */
export async function claimCheckBackSlot(author: Types.ObjectId, at: Date): Promise<void> {
  const day = utcDay(at);
  const key = `checkBack:user:${String(author)}:${day}`;
  const expire = new Date(dayStart(day)!.getTime() + DAY_MS);
  // Two attempts: two first posts of the day racing to insert the window lose one insert to the other.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await RateLimit.updateOne(
        { key, points: mongoose.trusted({ $lt: CHECK_BACK_TAKES_PER_DAY }) },
        { $inc: { points: 1 }, $setOnInsert: { expire } },
        { upsert: true },
      );
      return;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }
  throw new AppError(429, CHECK_BACK_QUOTA_MESSAGE);
}
