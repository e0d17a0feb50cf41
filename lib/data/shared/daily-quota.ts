import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { AppError, isDuplicateKey } from '@/lib/errors';
import { dayStart, utcDay } from '@/lib/receipts/receipts';
import { RateLimit } from '@/models';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Counts one use of a fan's allowance for the UTC day (`max` a day of `kind`: takes with a check-back date, takes with
 * a call), or refuses it with a 429 and `message`. The count is a window in the rate-limit collection keyed by kind,
 * fan and day, moved by one conditional upsert (its insert collides with a full window's unique key), so racing posts
 * on any instance cannot pass the limit; what was posted with it and deleted later still used its place. Swept after
 * the day by the scheduled job with the other windows.
 */
export async function claimDailySlot(kind: string, author: Types.ObjectId, at: Date, max: number, message: string): Promise<void> {
  const day = utcDay(at);
  const key = `${kind}:user:${String(author)}:${day}`;
  const expire = new Date(dayStart(day)!.getTime() + DAY_MS);
  // Two attempts: two first posts of the day racing to insert the window lose one insert to the other.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await RateLimit.updateOne(
        { key, points: mongoose.trusted({ $lt: max }) },
        { $inc: { points: 1 }, $setOnInsert: { expire } },
        { upsert: true },
      );
      return;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }
  throw new AppError(429, message);
}
