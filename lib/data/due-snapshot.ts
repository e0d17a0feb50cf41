import 'server-only';
import mongoose from 'mongoose';
import type { LeanTake } from '@/lib/data/mappers';
import { Take } from '@/models';

/**
 * Records, once, a receipt's like split as it came due, which Called it is
 * judged by (lib/receipts.ts). A serverless host has no scheduler to do it at
 * the stroke of the date, so the first read or vote after the date does it,
 * with an update conditional on no split being recorded yet: racing requests
 * cannot both write, and later likes never change it. `takes` are updated in
 * place with what is stored. Called while pages render, so it writes only the
 * take, never the cache.
 */
export async function recordDueSplits(takes: LeanTake[], now: Date): Promise<void> {
  const due = takes.filter((t) => t.checkBackAt && t.checkBackAt.getTime() <= now.getTime() && t.dueLikes == null);
  await Promise.all(
    due.map(async (take) => {
      const split = { dueLikes: take.likes, dueDislikes: take.dislikes };
      const written = await Take.updateOne({ _id: take._id, dueLikes: null, checkBackAt: mongoose.trusted({ $lte: now }) }, { $set: split });
      if (written.modifiedCount === 1) {
        Object.assign(take, split);
        return;
      }
      // Another request recorded it first, or a cached list still holds the take without it
      // (pages cannot expire cache tags while they render; the list's TTL refreshes it): show what is stored.
      const stored = await Take.findById(take._id).select({ dueLikes: 1, dueDislikes: 1 }).lean<{ dueLikes?: number | null; dueDislikes?: number | null }>();
      if (stored) Object.assign(take, { dueLikes: stored.dueLikes ?? null, dueDislikes: stored.dueDislikes ?? null });
    }),
  );
}
