import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { callCrowdOdds } from '@/lib/calls/calls';
import { seasonOf, verdictPoints } from '@/lib/callers/callers';
import { utcDay } from '@/lib/receipts/receipts';
import { forfeitCall } from '@/lib/data/calls/call-records';
import { callerFacts, type CallerFacts } from '@/lib/data/callers/caller-facts';
import { judgeCrowd } from '@/lib/data/callers/caller-votes';
import { recomputeStandings } from '@/lib/data/callers/caller-standings';
import { notifyTopCaller } from '@/lib/data/notifications/notifications';
import { insertOnce } from '@/lib/data/shared/insert-once';
import { Call, type CallRow, CallerScore, Take, type TakeRow } from '@/models';

/**
 * Settled calls in the Callers rating (docs/product.md#calls, #callers). Once a settlement is final (24 hours after
 * it was first made, or at once for a take deleted after its lock), its crowd is judged by the Callers rules (the
 * reactions before the lock that count: never the author's, an account in standing, linked accounts as one:
 * lib/data/callers/caller-votes.ts), its odds replace those counted at settlement, and a hit or a miss is scored
 * against them as an aged-well or aged-poorly receipt is: a CallerScore whose _id is the call's, so it is scored once
 * however many instances or job runs meet it. A void scores nothing.
 */

type JudgedCallRow = Pick<CallRow, '_id' | 'take' | 'author' | 'postedAt' | 'lockAt' | 'result' | 'reason' | 'title'>;
const JUDGED_FIELDS = { take: 1, author: 1, postedAt: 1, lockAt: 1, result: 1, reason: 1, title: 1 } as const;

/**
 * Judges one final call's crowd and scores a hit or a miss, then marks it judged with the crowd it was scored
 * against; true when this run scored it. The score goes first (its _id makes a second one a no-op), so a run cut
 * short between the two is finished by the next one.
 */
async function judge(call: JudgedCallRow, title: string | null, at: Date, facts: CallerFacts): Promise<boolean> {
  if (call.result !== 'hit' && call.result !== 'miss') {
    await Call.updateOne({ _id: call._id }, { $set: { judged: true } });
    return false;
  }
  const take = { _id: call.take, createdBy: call.author, createdAt: call.postedAt };
  const { likes, dislikes } = await judgeCrowd(take, call.lockAt, facts);
  const crowd = callCrowdOdds(likes, dislikes);
  const verdict = call.result === 'hit' ? 'well' : 'poorly';
  const reason = call.reason === 'deleted' || call.reason === 'removed' ? call.reason : 'settled';
  const scored = await insertOnce(() =>
    CallerScore.create({
      _id: call._id,
      take: call.take,
      author: call.author,
      title: reason === 'removed' ? null : title,
      dueAt: call.lockAt,
      dueDay: utcDay(call.lockAt),
      season: seasonOf(call.lockAt),
      verdict,
      reason,
      crowdLikes: likes,
      crowdDislikes: dislikes,
      crowd,
      points: verdictPoints(verdict, crowd),
      scoredAt: at,
    }),
  );
  await Call.updateOne({ _id: call._id }, { $set: { judged: true, crowd, crowdLikes: likes, crowdDislikes: dislikes } });
  return scored;
}

/** Brings the authors' standings in step with what was scored, and tells those who entered a board's top 10. */
async function restand(authors: Types.ObjectId[], at: Date): Promise<void> {
  for (const author of new Set(authors.map(String))) {
    const top = await recomputeStandings(author, at);
    for (const board of top) await notifyTopCaller(author, board);
  }
}

const JUDGE_BATCH = 200;

/**
 * The scheduled job's part: settlements that became final and are not judged yet, a batch at a time. Returns how
 * many calls it scored.
 */
export async function scoreFinalCalls(at: Date): Promise<number> {
  const facts = callerFacts(at);
  let scored = 0;
  for (;;) {
    const calls = await Call.find({ judged: false, finalAt: mongoose.trusted({ $lte: at }) })
      .limit(JUDGE_BATCH)
      .select(JUDGED_FIELDS)
      .lean<JudgedCallRow[]>();
    if (calls.length === 0) break;
    const takes = await Take.find({ _id: mongoose.trusted({ $in: calls.map((c) => c.take) }) })
      .select({ title: 1 })
      .lean<Pick<TakeRow, '_id' | 'title'>[]>();
    const titles = new Map(takes.map((t) => [String(t._id), t.title]));
    const authors: Types.ObjectId[] = [];
    for (const call of calls) {
      if (await judge(call, titles.get(String(call.take)) ?? call.title ?? null, at, facts)) {
        scored += 1;
        authors.push(call.author);
      }
    }
    await restand(authors, at);
    if (calls.length < JUDGE_BATCH) break;
  }
  return scored;
}

/**
 * The call of a take being deleted (lib/data/takes/takes.ts deleteTake, and a hidden take's): withdrawn before its
 * lock, else kept as it stands (a miss if still open) and scored now, while its crowd's reactions are still there.
 * A removal by moderators leaves its words nowhere: a score it had already loses its title too.
 */
export async function settleDeletedCall(
  take: { _id: Types.ObjectId; title: string },
  at: Date,
  by: 'author' | 'moderators',
): Promise<void> {
  const kept = await forfeitCall(take, at, by);
  if (!kept) return;
  if (by === 'moderators') await CallerScore.updateOne({ _id: kept._id }, { $set: { title: null } });
  const call = await Call.findById(kept._id).select(JUDGED_FIELDS).lean<JudgedCallRow>();
  if (call && (await judge(call, by === 'moderators' ? null : take.title, at, callerFacts(at)))) await restand([call.author], at);
}
