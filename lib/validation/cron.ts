import { z } from 'zod';

/** What one run of the scheduled job did (GET /api/cron). */
export const scheduledWorkResult = z.object({
  healed: z.number().int().min(0).describe('Counters found disagreeing with their facts (a write lost midway on any instance) and fixed'),
  countersBehind: z
    .boolean()
    .describe(
      'The counter checks stopped at their time budget with changed facts still to read; the next run resumes where this one stopped',
    ),
  dueSplits: z.number().int().min(0).describe('Receipts whose like split at the check-back date was recorded'),
  verdicts: z.number().int().min(0).describe('Authors told of a receipt verdict that time brought'),
  scoredReceipts: z.number().int().min(0).describe('Receipts whose voting closed, scored for Callers'),
  sweptWindows: z.number().int().min(0).describe('Expired abuse-limit and sign-up windows removed'),
  sweptMuteRules: z.number().int().min(0).describe("Fans' muted words, players and teams whose time was up, removed"),
  leagueBatches: z
    .number()
    .int()
    .min(0)
    .describe('League changes a process left half applied when it died, finished (lib/data/league/league-batches.ts)'),
  voidedCalls: z
    .number()
    .int()
    .min(0)
    .describe('Calls settled by time: their game not played (or its box score not in) within 14 days of their lock'),
  scoredCalls: z.number().int().min(0).describe('Calls whose settlement became final, scored for Callers'),
});
export type ScheduledWorkResult = z.infer<typeof scheduledWorkResult>;
