import { z } from 'zod';
import { CHECK_BACK_PRESETS } from '@/lib/receipts/constants';
import { FEED_MAX_PAGE_SIZE, objectId, pageQuery } from '@/lib/validation/common';
import { FEED_PAGE_SIZE } from '@/lib/constants';

/**
 * The optional check-back date of a new take: a preset the server resolves
 * with its own clock, or a custom day. Whether the day is in range (tomorrow
 * to two years out) is the server's to decide at that moment (lib/receipts/receipts.ts).
 */
export const checkBackInput = z
  .object({
    preset: z.enum(CHECK_BACK_PRESETS, { error: 'must be regular-season, playoffs, 30-days or custom' }),
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day such as 2027-04-11')
      .optional()
      .describe('YYYY-MM-DD, for the custom preset'),
  })
  .refine((v) => v.preset !== 'custom' || Boolean(v.date), { message: 'Choose a check-back date.', path: ['date'] });

export const RECEIPT_VOTES = ['well', 'poorly'] as const;
export const receiptVoteBody = z.object({ vote: z.enum(RECEIPT_VOTES, { error: 'vote must be well or poorly' }) });

export const receipt = z.object({
  dueAt: z.string().describe('The check-back day, 00:00 UTC'),
  status: z
    .enum(['pending', 'voting', 'resolved'])
    .describe('pending: before the date; voting: votes open, no verdict yet; resolved: a verdict stands'),
  agedWell: z.number(),
  agedPoorly: z.number(),
  verdict: z.enum(['well', 'poorly', 'close']).nullable(),
  calledIt: z.boolean(),
});

export const receiptsQuery = z.object({
  list: z.enum(['due', 'verdicts'], { error: 'must be due or verdicts' }).default('due'),
  ...pageQuery(FEED_PAGE_SIZE, FEED_MAX_PAGE_SIZE),
});

export const receiptRecord = z.object({ calledIt: z.number(), agedWell: z.number(), agedPoorly: z.number(), pending: z.number() });

export const receiptVoteRecord = z.object({ postID: z.string(), vote: z.enum(RECEIPT_VOTES) });

export const userIdPath = z.object({ userID: objectId });

export type ReceiptState = z.output<typeof receipt>;
export type ReceiptRecord = z.output<typeof receiptRecord>;
export type VoteRecord = z.output<typeof receiptVoteRecord>;
