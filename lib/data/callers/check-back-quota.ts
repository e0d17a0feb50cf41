import 'server-only';
import type { Types } from 'mongoose';
import { CHECK_BACK_TAKES_PER_DAY } from '@/lib/callers/constants';
import { claimDailySlot } from '@/lib/data/shared/daily-quota';

export const CHECK_BACK_QUOTA_MESSAGE = `You can add a check-back date to at most ${CHECK_BACK_TAKES_PER_DAY} takes a day.`;

/**
 * Counts one new take with a check-back date against its author's allowance for the UTC day (CHECK_BACK_TAKES_PER_DAY),
 * or refuses it with a 429: a fan who posts dozens of calls a day to keep the ones that land is not calling anything.
 */
export async function claimCheckBackSlot(author: Types.ObjectId, at: Date): Promise<void> {
  await claimDailySlot('checkBack', author, at, CHECK_BACK_TAKES_PER_DAY, CHECK_BACK_QUOTA_MESSAGE);
}
