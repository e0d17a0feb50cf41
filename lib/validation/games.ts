import { z } from 'zod';
import { FEED_MAX_PAGE_SIZE, nbaId, pageQuery } from '@/lib/validation/common';
import { FEED_PAGE_SIZE } from '@/lib/constants';
import { canonicalTimeZone, isDayString } from '@/lib/games/game-day';
import { cursorParam, nextCursor } from '@/lib/validation/cursor';
import { takeList } from '@/lib/validation/takes';

export const GAME_STATUS = ['scheduled', 'live', 'final', 'postponed', 'cancelled'] as const;

/** An IANA zone in any letter case, answered and used by its canonical name only (canonicalTimeZone). */
export const timeZone = z
  .string()
  .transform((zone, ctx) => {
    const canonical = canonicalTimeZone(zone);
    if (canonical === null) {
      ctx.addIssue({ code: 'custom', message: 'must be an IANA time zone such as America/New_York' });
      return z.NEVER;
    }
    return canonical;
  })
  .describe('An IANA time zone, in any letter case: the day is read from midnight to midnight there, and the answer names it canonically');
export const gameDay = z.string().refine(isDayString, 'must be a date written YYYY-MM-DD').describe('A calendar day, YYYY-MM-DD');

/** GET /api/games: a day's slate in a zone; without a date, today there; without a zone, the league's own. */
export const slateQuery = z.object({ date: gameDay.optional(), tz: timeZone.optional() });

export const gameParams = z.object({ id: nbaId.describe("The league's game id") });

/** GET /api/games/{id}/takes: the thread, newest first, paged like the feed. */
export const gameTakesQuery = z.object({
  limit: pageQuery(FEED_PAGE_SIZE, FEED_MAX_PAGE_SIZE).limit,
  cursor: cursorParam,
});

const gameTeam = z.object({
  id: z.number(),
  name: z.string(),
  nickname: z.string(),
  abbreviation: z.string(),
  color: z.string().describe("The team's primary colour, #rrggbb"),
});

export const game = z.object({
  id: z.number(),
  season: z.string(),
  tipoff: z.string().describe('ISO instant'),
  status: z.enum(GAME_STATUS),
  away: gameTeam,
  home: gameTeam,
  awayScore: z.number().nullable(),
  homeScore: z.number().nullable(),
  takes: z.number().describe('Takes filed on the game so far'),
});

export const slate = z.object({
  date: z.string(),
  timeZone: z.string(),
  previous: z.string().describe('The day before, to page back'),
  next: z.string().describe('The day after'),
  games: z.array(game).describe('Tip-off order'),
});

export const gameThreadPage = z.object({ takes: takeList, nextCursor });

/** What an open game page polls: its score and status, and its thread's newest take and size. */
export const liveGameAnswer = z.object({
  status: z.enum(GAME_STATUS),
  awayScore: z.number().nullable(),
  homeScore: z.number().nullable(),
  takes: z.number(),
  newest: z.object({ _id: z.string(), createdAt: z.string() }).nullable().describe('null while the thread is empty'),
  shielded: z
    .boolean()
    .describe("Asked with a fan's token: their spoiler shield covers the game now, so the scores are null. Always false without one"),
});

export type GameDTO = z.output<typeof game>;
export type GameTeam = z.output<typeof gameTeam>;
export type Slate = z.output<typeof slate>;
export type LiveGame = z.output<typeof liveGameAnswer>;
