import 'server-only';
import { dbConnect } from '@/lib/db';
import { scoreClosedReceipts } from '@/lib/data/callers/caller-scoring';
import { recordDueSplits } from '@/lib/data/receipts/due-snapshot';
import { runCounterChecks } from '@/lib/data/counters/counter-checks';
import { sweepExpiredMuteRules } from '@/lib/data/filters/filter-settings';
import { finishInterruptedBatches } from '@/lib/data/league/league-batches';
import { notifyVerdictsByTime } from '@/lib/data/notifications/notifications';
import { settleExpiredCalls } from '@/lib/data/calls/settlement';
import { scoreFinalCalls } from '@/lib/data/callers/call-scoring';
import { sweepRateLimits } from '@/lib/rate-limit';
import type { ScheduledWorkResult } from '@/lib/validation/cron';

/**
 * The work no reader should wait for, run on a schedule (app/api/cron, from
 * vercel.json; `npm run dev` calls it every minute): checking the counters of
 * whatever changed since its last run and fixing what a lost write left behind, recording the like split of
 * receipts that came due, telling authors of verdicts that time brought, scoring for Callers the receipts whose
 * voting closed, sweeping expired abuse-limit and sign-up windows and fans' mutes whose time is up, finishing a
 * league batch a dead process left half applied (the next league write would, but nobody may make one for days),
 * voiding the calls whose games were not played within 14 days of their lock, and scoring for Callers the calls whose
 * settlement became final. Each step is safe to run twice at once.
 */
export async function runScheduledWork(at: Date): Promise<ScheduledWorkResult> {
  await dbConnect();
  const { fixed: healed, behind: countersBehind } = await runCounterChecks();
  const [dueSplits, verdicts, sweptWindows, sweptMuteRules, leagueBatches] = await Promise.all([
    recordDueSplits(at),
    notifyVerdictsByTime(at),
    sweepRateLimits(at),
    sweepExpiredMuteRules(at),
    finishInterruptedBatches(),
  ]);
  const scoredReceipts = await scoreClosedReceipts(at);
  const voidedCalls = await settleExpiredCalls(at);
  const scoredCalls = await scoreFinalCalls(at);
  return {
    healed,
    countersBehind,
    dueSplits,
    verdicts,
    scoredReceipts,
    sweptWindows,
    sweptMuteRules,
    leagueBatches,
    voidedCalls,
    scoredCalls,
  };
}
