import { z } from 'zod';
import { INACTIVE_STATUSES, parseLeagueDate } from '@/lib/league/league';
import { nbaId, topicSlug } from '@/lib/validation/common';
import { cursorParam } from '@/lib/validation/cursor';
import { publicUser } from '@/lib/validation/users';

/**
 * The league's data as the console's operations and the importer's rows take it (docs/league-data.md). Row fields
 * arrive as strings from a CSV and as strings or numbers from JSON; each schema takes both, and an empty cell is the
 * same as a missing one.
 */

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optionalCell = <S extends z.ZodType>(schema: S) => z.preprocess(blankToUndefined, schema.optional());
const text = (max: number) => z.string({ error: 'is required' }).trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

export const PLAYER_STATUS_VALUES = ['active', ...INACTIVE_STATUSES] as const;
export const GAME_STATUS_VALUES = ['scheduled', 'live', 'final', 'postponed', 'cancelled'] as const;

/** A day ("2026-02-05", 00:00 UTC) or an instant with its zone; the output is the Date. */
export const leagueDate = z
  .string({ error: 'must be a date such as 2026-02-05' })
  .trim()
  .transform((value, ctx) => {
    const date = parseLeagueDate(value);
    if (!date) {
      ctx.addIssue({ code: 'custom', message: 'must be a date such as 2026-02-05, or a time such as 2026-02-05T19:30:00-05:00' });
      return z.NEVER;
    }
    return date;
  });

/** A tip-off: an instant with its time zone (a bare day does not say when the game starts). */
const tipoff = z
  .string({ error: 'must be a time such as 2026-11-25T19:30:00-05:00' })
  .trim()
  .transform((value, ctx) => {
    const date = value.includes('T') ? parseLeagueDate(value) : null;
    if (!date) {
      ctx.addIssue({ code: 'custom', message: 'must be a time with its zone, such as 2026-11-25T19:30:00-05:00' });
      return z.NEVER;
    }
    return date;
  });

/** The league's game id, "0022600123" (or the number 22600123); stored as the number. */
export const gameId = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) : value),
  z.number({ error: 'must be the league game id, such as 0022600123' }).int().positive().max(9_999_999_999),
);

const score = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,3}$/.test(value.trim()) ? Number(value.trim()) : value),
  z.number({ error: 'must be a whole number of points' }).int().min(0).max(400),
);

const yesNo = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const v = value.trim().toLowerCase();
    return ['true', 'yes', '1', 'open'].includes(v) ? true : ['false', 'no', '0', 'closed'].includes(v) ? false : value;
  },
  z.boolean({ error: 'must be true or false' }),
);

const color = z
  .string({ error: 'must be a colour such as #007A33' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour such as #007A33')
  .transform((value) => value.toUpperCase());
const abbreviation = z
  .string({ error: 'must be 2 to 4 capital letters, such as BOS' })
  .trim()
  .regex(/^[A-Z]{2,4}$/, 'must be 2 to 4 capital letters, such as BOS');
const conference = z.enum(['East', 'West'], { error: 'must be East or West' });
const season = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}$/, 'must be a season such as 2026-27');

// ---- Import rows (docs/league-data.md#the-files) ----

export const playerRow = z.object({
  player_id: nbaId,
  name: text(80),
  team_id: optionalCell(nbaId),
  position: optionalCell(z.string().trim().max(10, 'must be at most 10 characters')),
  jersey: optionalCell(z.string().trim().max(4, 'must be at most 4 characters')),
  status: optionalCell(z.enum(PLAYER_STATUS_VALUES, { error: 'must be active, retired, waived or unsigned' })),
  since: optionalCell(leagueDate),
});

export const teamRow = z.object({
  team_id: nbaId,
  name: text(60),
  city: text(40),
  nickname: text(40),
  abbreviation,
  conference,
  primary_color: color,
  secondary_color: color,
});

export const topicRow = z.object({
  topic_id: topicSlug,
  name: text(60),
  description: optionalCell(z.string().trim().max(300, 'must be at most 300 characters')),
  open: optionalCell(yesNo),
});

export const gameRow = z.object({
  game_id: gameId,
  season: optionalCell(season),
  tipoff,
  home_team_id: nbaId,
  away_team_id: nbaId,
  status: optionalCell(z.enum(GAME_STATUS_VALUES, { error: 'must be scheduled, live, final, postponed or cancelled' })),
  home_score: optionalCell(score),
  away_score: optionalCell(score),
});

/**
 * Minutes as the league's box scores write them: "34:12" (traditional), "PT34M12.00S" (the v3 feeds) or a number;
 * empty, a player who did not play. The output is minutes with their fraction (34.2).
 */
const minutes = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    const clock = /^(\d{1,2}):(\d{2})$/.exec(text);
    if (clock) return Number(clock[1]) + Number(clock[2]) / 60;
    const iso = /^PT(\d{1,2})M(\d{1,2}(?:\.\d+)?)S$/.exec(text);
    if (iso) return Number(iso[1]) + Number(iso[2]) / 60;
    return /^\d{1,2}(\.\d+)?$/.test(text) ? Number(text) : value;
  },
  z
    .number({ error: 'must be minutes such as 34:12' })
    .min(0, 'must be minutes such as 34:12')
    .max(70, 'must be at most 70 minutes')
    .transform((m) => Math.round(m * 100) / 100),
);
const statCount = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,3}$/.test(value.trim()) ? Number(value.trim()) : value),
    z.number({ error: 'must be a whole number' }).int('must be a whole number').min(0).max(max, `must be at most ${max}`),
  );

/** A player's line in a game's box score (docs/league-data.md#box-scores); a stat left empty is 0. */
const boxScoreFields = z.object({
  game_id: gameId,
  player_id: nbaId,
  team_id: nbaId,
  minutes: optionalCell(minutes),
  points: optionalCell(statCount(100)),
  rebounds: optionalCell(statCount(60)),
  assists: optionalCell(statCount(40)),
  threes: optionalCell(statCount(30)),
});
/** A line is named by its game and player together: a file lists each pair once. */
export const boxScoreRow = boxScoreFields.transform((row) => ({ ...row, line_id: `${row.game_id}:${row.player_id}` }));

export type PlayerRowInput = z.output<typeof playerRow>;
export type TeamRowInput = z.output<typeof teamRow>;
export type TopicRowInput = z.output<typeof topicRow>;
export type GameRowInput = z.output<typeof gameRow>;
export type BoxScoreRowInput = z.output<typeof boxScoreRow>;

/**
 * The kinds of rows a league file holds, with the columns a CSV of that kind must have and `maxRows`, the most rows
 * one file of the kind may hold (docs/league-data.md#limits): a file past it is refused before any row is checked, so
 * no upload costs more than its kind's largest legitimate file. Each is set well above the real data: 30 teams, about
 * 5,000 players who ever played, a season's 1,230 games (a decade's schedule fits), a handful of topics, a season's
 * box scores (about 30,000 lines).
 */
export const LEAGUE_FILE_KINDS = {
  teams: { schema: teamRow, key: 'team_id', columns: Object.keys(teamRow.shape), maxRows: 100 },
  players: { schema: playerRow, key: 'player_id', columns: Object.keys(playerRow.shape), maxRows: 10_000 },
  topics: { schema: topicRow, key: 'topic_id', columns: Object.keys(topicRow.shape), maxRows: 1_000 },
  games: { schema: gameRow, key: 'game_id', columns: Object.keys(gameRow.shape), maxRows: 15_000 },
  boxscores: { schema: boxScoreRow, key: 'line_id', columns: Object.keys(boxScoreFields.shape), maxRows: 50_000 },
} as const;
export type LeagueFileKind = keyof typeof LEAGUE_FILE_KINDS;

/** An upload's files together, multipart framing included: a season's schedule and a full roster fit many times over. */
export const IMPORT_MAX_BYTES = 4 * 1024 * 1024;

// ---- The console's operations ----

export const playerIdParams = z.object({ id: nbaId });
export const teamIdParams = z.object({ id: nbaId });
export const topicIdParams = z.object({ id: topicSlug });
export const gameIdParams = z.object({ id: gameId });

const playerName = text(80);
const position = z.string().trim().max(10, 'must be at most 10 characters');
const jersey = z.string().trim().max(4, 'must be at most 4 characters');

export const findPlayersQuery = z.object({
  q: z.string().max(80, 'must be at most 80 characters').default('').describe('Words of the name: "jay tat" finds Jayson Tatum'),
  team: nbaId.optional().describe("A team's roster"),
  status: z.enum(PLAYER_STATUS_VALUES, { error: 'must be active, retired, waived or unsigned' }).optional(),
});

/** A signing or a rookie: on a team from a day, or added without one (then not active). */
export const addPlayerBody = z
  .object({
    id: nbaId.describe("The league's person id"),
    name: playerName,
    position: position.default(''),
    jersey: jersey.default(''),
    team: nbaId.nullable().describe('The team he signs with; null for a player with no team'),
    from: leagueDate.optional().describe('The day he joined the team; default today'),
    status: z.enum(PLAYER_STATUS_VALUES, { error: 'must be active, retired, waived or unsigned' }).optional(),
  })
  .superRefine((body, ctx) => {
    const status = body.status ?? (body.team === null ? 'unsigned' : 'active');
    if (status === 'active' && body.team === null)
      ctx.addIssue({ code: 'custom', path: ['team'], message: 'an active player needs a team' });
    if (status !== 'active' && body.team !== null)
      ctx.addIssue({ code: 'custom', path: ['team'], message: `a ${status} player has no team` });
  });

export const editPlayerBody = z
  .object({ name: playerName.optional(), position: position.optional(), jersey: jersey.optional() })
  .refine((body) => Object.values(body).some((v) => v !== undefined), 'Nothing to change: send a name, position or jersey.');

/** A trade (from his team to another) or a signing (a player with no team joins one). */
export const movePlayerBody = z.object({
  team: nbaId.describe('The team he joins'),
  from: leagueDate.describe('The day of the move: not before his last move, not in the future'),
});

export const inactivePlayerBody = z.object({
  status: z.enum(INACTIVE_STATUSES, { error: 'must be retired, waived or unsigned' }),
  from: leagueDate.describe('The day he left his team: not before his last move, not in the future'),
});

export const editTeamBody = z
  .object({
    name: text(60).optional(),
    city: text(40).optional(),
    nickname: text(40).optional(),
    abbreviation: abbreviation.optional(),
    conference: conference.optional(),
    primaryColor: color.optional(),
    secondaryColor: color.optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), 'Nothing to change.');

export const addTopicBody = z.object({
  id: topicSlug.describe('The slug of its address, such as all-star-break'),
  name: text(60),
  description: z.string().trim().max(300, 'must be at most 300 characters').default(''),
  open: z.boolean().default(true),
});

export const editTopicBody = z
  .object({
    name: text(60).optional(),
    description: z.string().trim().max(300, 'must be at most 300 characters').optional(),
    open: z.boolean({ error: 'must be true or false' }).optional().describe('false closes the topic to new takes'),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), 'Nothing to change.');

const gameFields = {
  season: season.optional().describe('Default: the season the game id names'),
  home: nbaId,
  away: nbaId,
  tipoff,
  status: z.enum(GAME_STATUS_VALUES, { error: 'must be scheduled, live, final, postponed or cancelled' }).default('scheduled'),
  homeScore: score.nullable().default(null),
  awayScore: score.nullable().default(null),
};

export const addGameBody = z.object({ id: gameId.describe('The league game id, such as 0022600123'), ...gameFields });

export const editGameBody = z
  .object({
    season: gameFields.season,
    home: nbaId.optional(),
    away: nbaId.optional(),
    tipoff: tipoff.optional(),
    status: z.enum(GAME_STATUS_VALUES, { error: 'must be scheduled, live, final, postponed or cancelled' }).optional(),
    homeScore: score.nullable().optional(),
    awayScore: score.nullable().optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), 'Nothing to change.');

/** The console's one line of a box score: enter it, or correct it (PUT /api/moderation/league/games/{id}/lines/{player}). */
export const lineParams = z.object({ id: gameId, player: nbaId });
export const lineBody = z.object({
  team: nbaId.describe('The team he played for: one of the game’s two'),
  minutes: minutes.describe('Minutes played, such as 34:12 or 34.2; 0 for a player who did not play'),
  points: statCount(100),
  rebounds: statCount(60),
  assists: statCount(40),
  threes: statCount(30).describe('Three-pointers made'),
});

export const gamesQuery = z.object({
  from: leagueDate.optional().describe('First day (UTC); default yesterday'),
  to: leagueDate.optional().describe('Last day (UTC), at most 62 days after from; default a week after from'),
});

export const changesQuery = z.object({
  cursor: cursorParam.describe('nextCursor of the previous page'),
});

export const importQuery = z.object({
  dryRun: z
    .enum(['0', '1', 'true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((v) => v === '1' || v === 'true'),
  complete: z
    .enum(['0', '1', 'true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((v) => v === '1' || v === 'true')
    .describe('The roster is complete for the teams it lists: their players missing from it leave them (gone)'),
});

// ---- Answers ----

const teamRef = z.object({ id: z.number(), name: z.string(), abbreviation: z.string() });

export const adminPlayer = z.object({
  id: z.number(),
  name: z.string(),
  position: z.string(),
  jersey: z.string(),
  status: z.enum(PLAYER_STATUS_VALUES),
  team: teamRef.nullable().describe('The team he is on now'),
  stints: z
    .array(z.object({ team: teamRef, from: z.string().nullable(), to: z.string().nullable() }))
    .describe('Oldest first; from null: before the league data began'),
  lastMove: z.string().nullable().describe('A move may not be dated before this'),
});

export const adminTeam = z.object({
  id: z.number(),
  name: z.string(),
  city: z.string(),
  nickname: z.string(),
  abbreviation: z.string(),
  conference: conference,
  primaryColor: z.string(),
  secondaryColor: z.string(),
  formerNames: z.array(z.object({ name: z.string(), city: z.string(), nickname: z.string(), abbreviation: z.string(), until: z.string() })),
});

export const adminTopic = z.object({ id: z.string(), name: z.string(), description: z.string(), open: z.boolean() });

export const leagueGame = z.object({
  id: z.number(),
  gameId: z.string().describe('The league game id with its leading zeros'),
  season: z.string(),
  home: teamRef,
  away: teamRef,
  tipoff: z.string(),
  status: z.enum(GAME_STATUS_VALUES),
  homeScore: z.number().nullable(),
  awayScore: z.number().nullable(),
});

export const leagueLine = z.object({
  game: z.number(),
  player: z.object({ id: z.number(), name: z.string() }),
  team: teamRef,
  minutes: z.number(),
  points: z.number(),
  rebounds: z.number(),
  assists: z.number(),
  threes: z.number(),
});
export const leagueLines = z.object({
  lines: z.array(leagueLine).describe('The box score, by team then most minutes'),
  players: z
    .array(z.object({ id: z.number(), name: z.string(), team: z.number() }))
    .describe("The two teams' players now, to enter a line for"),
});

export const leagueChange = z.object({
  _id: z.string(),
  subject: z.enum(['player', 'team', 'topic', 'game', 'line']).describe("line: a player's line in a game's box score"),
  subjectId: z.union([z.number(), z.string()]),
  name: z.string().describe('The subject as it is called now'),
  action: z.string(),
  summary: z.string().describe('The change in words, e.g. "Atlanta Hawks → Washington Wizards from Feb 5, 2026"'),
  source: z.enum(['console', 'import', 'bootstrap']),
  by: publicUser.nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});

export const leagueChangesPage = z.object({ changes: z.array(leagueChange), nextCursor: z.string().nullable() });

/** What an import would change or changed: the counts of docs/league-data.md#what-an-import-changes, and each change. */
export const importReport = z.object({
  dryRun: z.boolean(),
  applied: z.boolean().describe('Written (false for a dry run, and when nothing differed)'),
  counts: z.record(z.string(), z.number()).describe('"players added": 3, "games scored": 12…'),
  changes: z.array(
    z.object({ subject: z.string(), subjectId: z.union([z.number(), z.string()]), action: z.string(), summary: z.string() }),
  ),
  conflicts: z.number().describe('Changes left alone because their subject changed meanwhile'),
});

export const adminPlayers = z.array(adminPlayer);
export const adminTeams = z.array(adminTeam);
export const adminTopics = z.array(adminTopic);
export const leagueGames = z.array(leagueGame);

export type AdminPlayer = z.output<typeof adminPlayer>;
export type AdminTeam = z.output<typeof adminTeam>;
export type AdminTopic = z.output<typeof adminTopic>;
export type LeagueGame = z.output<typeof leagueGame>;
export type LeagueChangeDTO = z.output<typeof leagueChange>;
export type LeagueChangesPage = z.output<typeof leagueChangesPage>;
export type ImportReport = z.output<typeof importReport>;
export type LeagueLine = z.output<typeof leagueLine>;
export type LeagueLines = z.output<typeof leagueLines>;
