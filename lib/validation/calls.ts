import { z } from 'zod';
import { CALL_KINDS, CALL_REASONS, type CallTerms, lineBounds, PLAYER_STATS, type PlayerStat } from '@/lib/calls/calls';
import { nbaId, objectId } from '@/lib/validation/common';
import { cursorParam, nextCursor } from '@/lib/validation/cursor';
import { gameId } from '@/lib/validation/league';
import { publicUser } from '@/lib/validation/users';

/**
 * Calls (docs/product.md#calls): the call a new take may carry, and how a take, a record and a game's Settled tonight
 * show calls. Shared by the route, the composer, the tests and the OpenAPI document.
 */

const season = z
  .string()
  .regex(/^\d{4}-\d{2}$/, 'must be a season such as 2026-27')
  .describe('The season, such as 2026-27; default the one under way (or the next, between seasons)');

/** A line: a number of points, rebounds… within CALL_LINES for the call's kind; whole, or a half for a total. */
const line = z.number({ error: 'must be a number' }).describe('The N of the call: at least N, or over/under N for a total');

const stat = z.enum(PLAYER_STATS, { error: 'must be points, rebounds, assists or threes' });

/** Checks the line against its bounds, with the message naming the unit ("must be at most 80 points"). */
function checkLine(value: { kind: (typeof CALL_KINDS)[number]; line?: number; stat?: PlayerStat }, ctx: z.RefinementCtx) {
  const bounds = lineBounds(value.kind, value.stat ?? null);
  if (!bounds || value.line === undefined) return;
  const add = (message: string) => ctx.addIssue({ code: 'custom', path: ['line'], message });
  if (value.line < bounds.min) add(`must be at least ${bounds.min} ${bounds.unit}`);
  else if (value.line > bounds.max) add(`must be at most ${bounds.max} ${bounds.unit}`);
  else if (value.kind === 'total' ? !Number.isInteger(value.line * 2) : !Number.isInteger(value.line))
    add(value.kind === 'total' ? 'must be a whole or half number of points, such as 220.5' : `must be a whole number of ${bounds.unit}`);
}

/**
 * The call a take is posted with (POST /api/takes `call`). Strict: a result, a lock or anything else the server
 * decides is refused, not ignored, since a call is never changed once posted.
 */
export const callInput = z
  .discriminatedUnion(
    'kind',
    [
      z.strictObject({ kind: z.literal('win'), game: gameId, team: nbaId.describe('The team that wins') }),
      z.strictObject({ kind: z.literal('margin'), game: gameId, team: nbaId.describe('The team that wins by N or more'), line }),
      z.strictObject({
        kind: z.literal('total'),
        game: gameId,
        side: z.enum(['over', 'under'], { error: 'must be over or under' }),
        line,
      }),
      z.strictObject({ kind: z.literal('player'), game: gameId, player: nbaId, stat, line }),
      z.strictObject({ kind: z.literal('season-wins'), team: nbaId, season: season.optional(), line }),
      z.strictObject({
        kind: z.literal('season-better'),
        team: nbaId.describe('The team that finishes with the better record'),
        other: nbaId.describe('The team it finishes ahead of'),
        season: season.optional(),
      }),
    ],
    { error: 'kind must be win, margin, total, player, season-wins or season-better' },
  )
  .superRefine((value, ctx) => {
    checkLine(value as Parameters<typeof checkLine>[0], ctx);
    if (value.kind === 'season-better' && value.team === value.other)
      ctx.addIssue({ code: 'custom', path: ['other'], message: 'must be another team' });
  })
  .describe(
    'Optional: one structured call, settled against the final score or box score (win, margin, total, player) or the season (season-wins, season-better)',
  );
export type CallInput = z.output<typeof callInput>;

/** A call's terms as stored: every field, the unused ones null (the season of a game call is filled in from its game). */
export function callTermsOf(input: CallInput): CallTerms & { season: string | null } {
  const base = { game: null, season: null, team: null, other: null, player: null, stat: null, side: null, line: null };
  switch (input.kind) {
    case 'win':
      return { ...base, kind: 'win', game: input.game, team: input.team };
    case 'margin':
      return { ...base, kind: 'margin', game: input.game, team: input.team, line: input.line };
    case 'total':
      return { ...base, kind: 'total', game: input.game, side: input.side, line: input.line };
    case 'player':
      return { ...base, kind: 'player', game: input.game, player: input.player, stat: input.stat, line: input.line };
    case 'season-wins':
      return { ...base, kind: 'season-wins', team: input.team, season: input.season ?? null, line: input.line };
    case 'season-better':
      return { ...base, kind: 'season-better', team: input.team, other: input.other, season: input.season ?? null };
  }
}

const callResultShown = z
  .enum(['hit', 'miss', 'void', 'hidden'])
  .nullable()
  .describe(
    "null while open; hidden while the reader's spoiler shield covers its game (the chip reads 'settled — hidden until you watch')",
  );

/** A take's call, as its chip shows it. */
export const takeCall = z.object({
  kind: z.enum(CALL_KINDS),
  text: z.string().describe('The call in words: "Celtics by 5+", "Over 220.5 points", "Jayson Tatum 30+ points"'),
  context: z.string().describe('What it is on: "Celtics @ Lakers" for a game, "2026–27 regular season" for a season'),
  game: z.number().nullable(),
  season: z.string().nullable(),
  team: z.number().nullable(),
  other: z.number().nullable(),
  player: z.number().nullable(),
  stat: stat.nullable(),
  side: z.enum(['over', 'under']).nullable(),
  line: z.number().nullable(),
  lockAt: z.string().describe('When it locked or locks: its game tip-off, or a season call’s first game (or its posting)'),
  result: callResultShown,
  reason: z.enum(CALL_REASONS).nullable().describe('Why it settled so: played, or the rule that voided it; null while open or hidden'),
  outcome: z
    .string()
    .describe('How it stands, in words: "Open", "Hit", "Miss", "Void: the game was cancelled", "settled — hidden until you watch"'),
  settledAt: z.string().nullable(),
  final: z.boolean().describe('Settled and past its 24 provisional hours: no correction changes it'),
});
export type TakeCallDTO = z.output<typeof takeCall>;

// ---- The record (the profile's Record tab, GET /api/users/{id}/record) ----

export const recordQuery = z.object({
  team: nbaId.optional().describe('Only calls on this team (its games, or its season)'),
  player: nbaId.optional().describe("Only this player's calls"),
  bin: z.coerce
    .number({ error: 'must be a bin of the calibration chart, 0 to 7' })
    .int('must be a bin of the calibration chart, 0 to 7')
    .min(0, 'must be a bin of the calibration chart, 0 to 7')
    .max(7, 'must be a bin of the calibration chart, 0 to 7')
    .optional()
    .describe("Only the calls whose crowd's odds fall in this bin of the calibration chart"),
  cursor: cursorParam.describe('nextCursor of the previous page'),
});

export const recordedCall = z.object({
  _id: z.string(),
  takeId: z.string().nullable().describe('null once the take is gone (deleted after its lock), hidden or removed'),
  title: z.string().nullable().describe("The take's title; null once moderators removed it or it is hidden from the reader"),
  text: z.string(),
  context: z.string(),
  game: z.number().nullable(),
  lockAt: z.string(),
  result: callResultShown,
  reason: z.enum(CALL_REASONS).nullable(),
  crowd: z.number().nullable().describe("The crowd's odds at the lock (0.1 to 0.9), once known"),
  settledAt: z.string().nullable(),
  final: z.boolean(),
});

const calibrationBin = z.object({ bin: z.number(), from: z.number(), to: z.number(), calls: z.number(), hits: z.number() });

export const recordStats = z.object({
  hits: z.number(),
  misses: z.number(),
  voids: z.number(),
  open: z.number(),
  hitRate: z.number().nullable(),
  brier: z
    .object({ fan: z.number(), crowd: z.number(), calls: z.number() })
    .nullable()
    .describe("Brier scores (0 best) over the settled calls whose crowd is known: the fan's (their forecast is 1) and the crowd's"),
  calibration: z.array(calibrationBin).describe('Shown once there are 20 settled calls'),
});

export const callRecordAnswer = z.object({
  stats: recordStats,
  hidden: z.number().describe("Settled calls on games the reader's spoiler shield covers: left out of the stats until Watched"),
  teams: z.array(z.object({ id: z.number(), name: z.string() })).describe("The teams the fan's calls name, to filter by"),
  players: z.array(z.object({ id: z.number(), name: z.string() })).describe("The players the fan's calls name, to filter by"),
  calls: z.array(recordedCall),
  nextCursor,
});
export type RecordedCallDTO = z.output<typeof recordedCall>;
export type CallRecordAnswer = z.output<typeof callRecordAnswer>;

// ---- A game's Settled tonight (GET /api/games/{id}/calls) ----

export const settledCall = z.object({
  takeId: z.string(),
  author: publicUser,
  text: z.string(),
  result: z.enum(['hit', 'miss', 'void']),
  reason: z.enum(CALL_REASONS),
  crowd: z.number().nullable().describe("The crowd's odds at tip-off"),
});

export const settledTonight = z.object({
  shielded: z.boolean().describe("The reader's spoiler shield covers the game: nothing is listed until Watched"),
  calls: z.array(settledCall).describe('Hits first, then misses, then voids; within each, the longest odds first'),
});
export type SettledCallDTO = z.output<typeof settledCall>;
export type SettledTonight = z.output<typeof settledTonight>;

// ---- The composer's choices ----

export const callGamesQuery = z.object({
  game: nbaId.optional().describe('One game, while it has not tipped off'),
  team: nbaId.optional().describe("A team's games"),
  player: nbaId.optional().describe("A player's team's games"),
});

const callGameTeam = z.object({ id: z.number(), name: z.string(), nickname: z.string() });
export const callGame = z.object({
  id: z.number(),
  tipoff: z.string(),
  away: callGameTeam,
  home: callGameTeam,
  players: z.array(z.object({ id: z.number(), name: z.string(), team: z.number() })).describe('Both rosters, for a player call'),
});
export const callGames = z.object({
  games: z.array(callGame).describe("Today's and upcoming games (not yet tipped off), soonest first"),
  season: z.string().nullable().describe('The season a season call is on now'),
});
export type CallGame = z.output<typeof callGame>;
export type CallGames = z.output<typeof callGames>;

// ---- Saves ----

export const saveBody = z.object({
  notify: z.boolean({ error: 'notify must be true or false' }).default(false).describe('Tell me when its call settles'),
});
export const saveState = z.object({ saved: z.boolean(), notify: z.boolean() });
export const savesQuery = z.object({ cursor: cursorParam.describe('nextCursor of the previous page') });
export const saveParams = z.object({ id: objectId });
export type SaveState = z.output<typeof saveState>;
