import 'server-only';
import { crowdOdds, scoredVerdict, seasonOf, verdictPoints, type ScoredVerdict } from '@/lib/callers/callers';
import type { CallerFacts } from '@/lib/data/callers/caller-facts';
import { followersAmong, judgeCall, type JudgedCall, type ScoredTake } from '@/lib/data/callers/caller-votes';
import { utcDay } from '@/lib/receipts/receipts';
import type { TakeRow } from '@/models';

/**
 * The score of one call (a CallerScore, lib/callers/callers.ts), as the scheduled job
 * writes it (lib/data/callers/caller-scoring.ts) and a migration rewrites it
 * (lib/data/callers/caller-rescore.ts). Reads only models, so a migration can.
 */

export type Receipt = ScoredTake & Pick<TakeRow, 'title'>;
/** The fields of a take a score is made from. */
export const RECEIPT_FIELDS = { createdBy: 1, createdAt: 1, checkBackAt: 1, title: 1 } as const;

/** The score of a call as judged (the crowd it is scored against), for a verdict. */
export function scoreOf(take: Receipt, judged: JudgedCall, verdict: ScoredVerdict, reason: 'votes' | 'deleted' | 'removed', at: Date) {
  const crowd = crowdOdds(judged.likes, judged.dislikes);
  const dueAt = take.checkBackAt!;
  return {
    _id: take._id,
    author: take.createdBy,
    // A call moderators removed keeps no words of its take (docs/product.md#moderation).
    title: reason === 'removed' ? null : take.title,
    dueAt,
    dueDay: utcDay(dueAt),
    season: seasonOf(dueAt),
    verdict,
    reason,
    crowdLikes: judged.likes,
    crowdDislikes: judged.dislikes,
    crowd,
    points: verdictPoints(verdict, crowd),
    scoredAt: at,
  };
}

/** The score of a call whose voting has closed: its verdict from the votes that count, and who counted. */
export async function votedScore(take: Receipt, at: Date, facts: CallerFacts) {
  const judged = await judgeCall(take, facts);
  const verdict = scoredVerdict(judged.well, judged.poorly);
  const followerVotes = await followersAmong(take.createdBy, judged.voters);
  return {
    ...scoreOf(take, judged, verdict, 'votes', at),
    countedWell: judged.well,
    countedPoorly: judged.poorly,
    followerVotes,
    followed: verdict !== 'close' && followerVotes * 2 > judged.voters.length,
  };
}
