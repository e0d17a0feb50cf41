import 'server-only';
import mongoose from 'mongoose';
import { topicScore } from '@/lib/discovery/ranking';
import { EntityStat } from '@/models';

type Stored = { _id: string; likes?: number | null; comments?: number | null; shares?: number | null; score?: number | null };

/** How often a document whose counts keep moving under the backfill is read again before it is left to the repair. */
const ATTEMPTS = 5;

/**
 * Stores every entity's trending score as its stored counts give it (entity
 * stats written before the score existed have none). Each write is conditional
 * on the counts it was computed from, so a reaction that moves them in between
 * (and, on a document without a score yet, starts one with its own $inc) fails
 * the condition, and the document is read again. One still moving after that
 * is left to the entity ledger's repair, which keeps the score as a sum like
 * the counts. Safe to run again; a document stored without some count is read
 * as having none of it. A data migration (lib/data/maintenance/migrations.ts) runs
 * this while the connection is being set up, so it reads models only: nothing here may wait for
 * lib/db.ts, which is waiting for it.
 */
export async function backfillEntityScores(): Promise<void> {
  let pending: string[] | null = null;
  for (let attempt = 0; attempt < ATTEMPTS && pending?.length !== 0; attempt += 1) {
    const docs = await EntityStat.find(pending ? { _id: mongoose.trusted({ $in: pending }) } : {})
      .select({ likes: 1, comments: 1, shares: 1, score: 1 })
      .lean<Stored[]>();
    const missed: string[] = [];
    for (const doc of docs) {
      const counts = { likes: doc.likes ?? 0, comments: doc.comments ?? 0, shares: doc.shares ?? 0 };
      const score = topicScore(counts);
      if (doc.score === score) continue;
      const written = await EntityStat.updateOne(
        { _id: doc._id, likes: doc.likes ?? null, comments: doc.comments ?? null, shares: doc.shares ?? null },
        { $set: { score } },
      );
      if (written.matchedCount !== 1) missed.push(doc._id);
    }
    pending = missed;
  }
}
