import { z } from 'zod';
import { nbaId } from '@/lib/validation/common';

/** A season board as its parameter names it: '2026-27', the years it spans. */
export const seasonParam = z
  .string()
  .regex(/^\d{4}-\d{2}$/, 'must be a season such as 2026-27')
  .refine((s) => (Number(s.slice(0, 4)) + 1) % 100 === Number(s.slice(5)), 'must be a season such as 2026-27')
  .describe("An NBA season ('2025-26'); the current one by default");

/** Where a board page ended: its last standing's rating, its fan, and that fan's rank (the next page's ranks go on from it). */
export type CallersCursor = { rating: number; user: string; rank: number };

/** "rating_userId_rank". The rating is written as JavaScript prints a number, which reads back to the same number. */
export function encodeCallersCursor({ rating, user, rank }: CallersCursor): string {
  return `${String(rating)}_${user}_${rank}`;
}

/**
 * A rating as String() prints any finite number: up to 21 digits before the point, up to 22 after it (a rating just
 * over 1e-6 prints five zeros, then its 17 digits), or a digit, its decimals and a signed exponent ("1e-7", "1e+21").
 */
const callersCursor = z
  .string()
  .regex(/^-?\d{1,21}(\.\d{1,22})?(e[+-]\d{1,3})?_[a-f0-9]{24}_\d{1,7}$/, 'must be the nextCursor of a previous page')
  .transform((text, ctx): CallersCursor => {
    const [rating, user, rank] = text.split('_') as [string, string, string];
    if (!Number.isFinite(Number(rating))) {
      ctx.addIssue({ code: 'custom', message: 'must be the nextCursor of a previous page' });
      return z.NEVER;
    }
    return { rating: Number(rating), user, rank: Number(rank) };
  })
  .describe('nextCursor of the previous page');

export const CALLER_BOARDS = ['season', 'all'] as const;

/** GET /api/callers: a board, this season's (or `season`'s) or all time, optionally among one team's fans. */
export const callersQuery = z.object({
  board: z.enum(CALLER_BOARDS, { error: 'must be season or all' }).default('season'),
  season: seasonParam.optional(),
  team: nbaId.optional().describe("Only fans of this team (an NBA team id, the fan's favorite team)"),
  cursor: callersCursor.optional(),
});

export const callerRecord = z.object({ well: z.number(), poorly: z.number(), close: z.number() });

export const callerEntry = z.object({
  rank: z.number().describe('1 for the best rating; ties are ordered by account'),
  user: z.object({
    _id: z.string(),
    username: z.string(),
    profilePictureUrl: z.string().nullable(),
    favoriteTeam: z.number().nullable(),
  }),
  rating: z.number().describe('Points over scored receipts plus 10: 0 is no better than the crowd'),
  record: callerRecord,
  scored: z.number().describe('Receipts that aged well or poorly'),
  hitRateLow: z.number().describe('The Wilson lower bound of the share that aged well (0 to 1)'),
  provisional: z.boolean().describe('Fewer than 15 scored receipts'),
});

/** A fan's standing on one board, ranked or not. */
export const callerStanding = z.object({
  rank: z.number().nullable().describe('null until the fan qualifies'),
  rating: z.number(),
  record: callerRecord,
  scored: z.number(),
  days: z.number().describe('Different check-back days among the scored receipts'),
  hitRateLow: z.number(),
  qualified: z.boolean().describe('5 scored receipts due on at least 3 different days'),
  provisional: z.boolean(),
});

export const callersBoard = z.object({
  board: z.string().describe("'all', or the season ('2026-27')"),
  title: z.string().describe("'2026–27' or 'All time'"),
  team: z.number().nullable(),
  entries: z.array(callerEntry),
  nextCursor: z.string().nullable(),
  viewer: callerStanding.nullable().describe('The signed-in caller on this board; null for a visitor or a fan of another team'),
});

/** A scored receipt or structured call on a profile; `takeId` is null when the take is gone, `title` unless its author deleted it. */
export const scoredCall = z.object({
  _id: z.string(),
  takeId: z.string().nullable(),
  title: z.string().nullable(),
  dueAt: z.string(),
  verdict: z.enum(['well', 'poorly', 'close']),
  reason: z.enum(['votes', 'deleted', 'removed', 'settled']).describe("settled: a structured call the league's result decided"),
  call: z.boolean().describe('A structured call (its verdict a hit or a miss), not a receipt'),
  crowd: z.number().describe("The crowd's odds that the take was right: 48 hours after it was posted, or at a structured call's lock"),
  points: z.number(),
});

export type CallersQuery = z.output<typeof callersQuery>;
export type CallerEntry = z.output<typeof callerEntry>;
export type CallerStanding = z.output<typeof callerStanding>;
export type CallersBoard = z.output<typeof callersBoard>;
export type ScoredCall = z.output<typeof scoredCall>;
