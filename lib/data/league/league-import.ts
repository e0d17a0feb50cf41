import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { now } from '@/lib/clock';
import { dbConnect } from '@/lib/db';
import { badRequest } from '@/lib/errors';
import {
  LEAGUE_PROBLEMS_MAX,
  pacer,
  parseLeagueFiles,
  problemText,
  type LeagueFile,
  type LeagueRows,
  type Pace,
  type Problem,
} from '@/lib/league/league-files';
import { gameIdText, seasonOfGameId } from '@/lib/league/league';
import type { ImportReport } from '@/lib/validation/league';
import {
  BoxScore,
  type BoxScoreRow,
  Game,
  type GameRow,
  Player,
  type PlayerRow,
  SpecialTopic,
  type SpecialTopicRow,
  Team,
  type TeamRow,
} from '@/models';
import type { LeagueSource } from '@/models/league-change';
import { applyBatch, finishInterruptedBatches, type PlannedChange } from './league-batches';
import { planGame, planLine, planPlayer, planTeam, planTopic, type Planned } from './league-plan';
import { lineId } from './league-subjects';
import { countKey, summarize } from './league-summaries';

/**
 * The importer (docs/league-data.md): league files in, the difference from the league as stored out, and, unless it
 * is a dry run, that difference applied as one batch (lib/data/league/league-batches.ts: all or nothing, finished by
 * the next league write if this process dies). Every row is checked before anything is written; a problem anywhere
 * refuses the whole import with every problem's file, line and field. Idempotent: a second run finds no difference.
 */

export type ImportOptions = { dryRun: boolean; complete?: boolean; by: Types.ObjectId | null; source: LeagueSource };

/** The console and the CLI show this many problems; the rest are counted. */
const PROBLEMS_SHOWN = 20;

export function problemsMessage(problems: Problem[]): string {
  const shown = problems.slice(0, PROBLEMS_SHOWN).map(problemText);
  const more = problems.length - shown.length;
  // At the cap the check stopped: there may be more than were counted.
  const tail =
    problems.length >= LEAGUE_PROBLEMS_MAX
      ? `…and ${more} more problems: the check stopped after ${LEAGUE_PROBLEMS_MAX.toLocaleString('en-US')}`
      : `…and ${more} more problem${more === 1 ? '' : 's'}`;
  return [...shown, ...(more > 0 ? [tail] : [])].join('\n');
}

/** The field names a plan's problem uses, as a file's columns name them. */
const COLUMN_OF: Record<string, string> = {
  team: 'team_id',
  home: 'home_team_id',
  away: 'away_team_id',
  homeScore: 'home_score',
  awayScore: 'away_score',
  game: 'game_id',
  player: 'player_id',
};

type Stored = {
  teams: Map<number, TeamRow>;
  players: Map<number, PlayerRow>;
  topics: Map<string, SpecialTopicRow>;
  games: Map<number, GameRow>;
  lines: Map<string, BoxScoreRow>;
};

async function readStored(rows: LeagueRows): Promise<Stored> {
  // A box score's players must be in the league, and its games on the schedule: both read with the file's own.
  const playerIds = [...rows.players.map((p) => p.row.player_id), ...rows.boxscores.map((l) => l.row.player_id)];
  const gameIds = [...new Set([...rows.games.map((g) => g.row.game_id), ...rows.boxscores.map((l) => l.row.game_id)])];
  // A complete roster also speaks for the players of its teams that it leaves out.
  const covered = rows.complete ? [...new Set(rows.players.flatMap((p) => (p.row.team_id ? [p.row.team_id] : [])))] : [];
  const [teams, players, topics, games, lines] = await Promise.all([
    Team.find({}).lean<TeamRow[]>(),
    playerIds.length || covered.length
      ? Player.find({ $or: [{ _id: mongoose.trusted({ $in: playerIds }) }, { teamId: mongoose.trusted({ $in: covered }) }] }).lean<
          PlayerRow[]
        >()
      : [],
    SpecialTopic.find({}).lean<SpecialTopicRow[]>(),
    gameIds.length ? Game.find({ _id: mongoose.trusted({ $in: gameIds }) }).lean<GameRow[]>() : [],
    rows.boxscores.length
      ? BoxScore.find({ _id: mongoose.trusted({ $in: rows.boxscores.map((l) => l.row.line_id) }) }).lean<BoxScoreRow[]>()
      : [],
  ]);
  return {
    teams: new Map(teams.map((t) => [t._id, t])),
    players: new Map(players.map((p) => [p._id, p])),
    topics: new Map(topics.map((t) => [t._id, t])),
    games: new Map(games.map((g) => [g._id, g])),
    lines: new Map(lines.map((l) => [l._id, l])),
  };
}

/** The difference, a row at a time, giving the server a turn as the files' check does (`pace`): a file may hold 15,000 rows. */
async function plan(rows: LeagueRows, stored: Stored, at: Date, pace: Pace): Promise<{ changes: PlannedChange[]; problems: Problem[] }> {
  const changes: PlannedChange[] = [];
  const problems: Problem[] = [];
  const fileTeams = new Set(rows.teams.map((t) => t.row.team_id));
  const teamExists = (id: number) => stored.teams.has(id) || fileTeams.has(id);
  const take = (planned: Planned, where: { file: string; line: number }, dateField = 'since') => {
    if ('problem' in planned) {
      if (problems.length >= LEAGUE_PROBLEMS_MAX) return;
      const field = planned.problem.field === 'from' ? dateField : (COLUMN_OF[planned.problem.field] ?? planned.problem.field);
      problems.push({ ...where, field, message: planned.problem.message });
    } else if (planned.change) changes.push(planned.change);
  };

  // Teams first: players and games refer to them, and a batch applies in this order.
  for (const { row, ...where } of rows.teams) {
    await pace();
    const { team_id: id, primary_color: primaryColor, secondary_color: secondaryColor, ...names } = row;
    take(planTeam(id, stored.teams.get(id) ?? null, { ...names, primaryColor, secondaryColor }, at), where);
  }
  for (const { row, ...where } of rows.topics) {
    await pace();
    const existing = stored.topics.get(row.topic_id) ?? null;
    const target = {
      name: row.name,
      description: row.description ?? existing?.description ?? '',
      open: row.open ?? existing?.open ?? true,
    };
    take(planTopic(row.topic_id, existing, target), where);
  }
  const listed = new Set<number>();
  for (const { row, ...where } of rows.players) {
    await pace();
    listed.add(row.player_id);
    const existing = stored.players.get(row.player_id) ?? null;
    const team = row.team_id ?? null;
    // Without a status, a player with a team is active; one without keeps an inactive status he has, or is unsigned.
    const status = row.status ?? (team !== null ? 'active' : existing && existing.status !== 'active' ? existing.status : 'unsigned');
    const target = {
      name: row.name,
      position: row.position ?? existing?.position ?? '',
      jersey: row.jersey ?? existing?.jersey ?? '',
      team,
      status,
      since: row.since ?? null,
    };
    take(planPlayer(row.player_id, existing, target, { at, dateField: 'since', teamExists }), where, 'since');
  }
  if (rows.complete) {
    const covered = new Set(rows.players.flatMap((p) => (p.row.team_id ? [p.row.team_id] : [])));
    for (const player of stored.players.values()) {
      await pace();
      if (listed.has(player._id) || player.teamId == null || !covered.has(player.teamId) || player.status !== 'active') continue;
      const target = {
        name: player.name,
        position: player.position ?? '',
        jersey: player.jersey ?? '',
        team: null,
        status: 'unsigned' as const,
        since: at,
      };
      take(planPlayer(player._id, player, target, { at, dateField: 'since', teamExists }), { file: 'the roster', line: 0 });
    }
  }
  for (const { row, ...where } of rows.games) {
    await pace();
    const existing = stored.games.get(row.game_id) ?? null;
    const season = row.season ?? existing?.season ?? seasonOfGameId(row.game_id);
    if (!season) {
      if (problems.length < LEAGUE_PROBLEMS_MAX)
        problems.push({ ...where, field: 'season', message: 'the game id does not name a season: give one, such as 2026-27' });
      continue;
    }
    const target = {
      season,
      home: row.home_team_id,
      away: row.away_team_id,
      tipoff: row.tipoff,
      status: row.status ?? 'scheduled',
      homeScore: row.home_score ?? null,
      awayScore: row.away_score ?? null,
    };
    take(planGame(row.game_id, existing, target, teamExists), where);
  }
  // Box score lines last: their games and players may be added by the same import.
  const fileGames = new Map(rows.games.map((g) => [g.row.game_id, { home: g.row.home_team_id, away: g.row.away_team_id }]));
  const filePlayers = new Set(rows.players.map((p) => p.row.player_id));
  const lineContext = {
    gameTeams: (id: number) => fileGames.get(id) ?? stored.games.get(id) ?? null,
    playerExists: (id: number) => filePlayers.has(id) || stored.players.has(id),
  };
  for (const { row, ...where } of rows.boxscores) {
    await pace();
    const target = {
      game: row.game_id,
      player: row.player_id,
      team: row.team_id,
      minutes: row.minutes ?? 0,
      points: row.points ?? 0,
      rebounds: row.rebounds ?? 0,
      assists: row.assists ?? 0,
      threes: row.threes ?? 0,
    };
    take(planLine(stored.lines.get(lineId(row.game_id, row.player_id)) ?? null, target, lineContext), where);
  }
  return { changes, problems };
}

/** Team names for the report: as stored, or as this import adds or renames them. */
function teamNamer(rows: LeagueRows, stored: Stored) {
  const names = new Map([...stored.teams.values()].map((t) => [t._id, t.name]));
  for (const { row } of rows.teams) names.set(row.team_id, row.name);
  return (id: number) => names.get(id) ?? `team ${id}`;
}

/** A change's subject as the report names it: by its name, or a game and a box score line by their ids. */
function subjectName(change: PlannedChange): string {
  if ('name' in change.after) return change.after.name;
  if ('player' in change.after) return `Box score ${gameIdText(change.after.game)}, player ${change.after.player}`;
  return `Game ${gameIdText(Number(change.subjectId))}`;
}

export async function importLeague(files: LeagueFile[], options: ImportOptions): Promise<ImportReport> {
  const pace = pacer();
  const { rows, problems: fileProblems } = await parseLeagueFiles(files, { complete: options.complete });
  if (fileProblems.length) throw badRequest(problemsMessage(fileProblems));
  await dbConnect();
  // The difference is taken from a settled league: a batch an interrupted process left is finished first.
  if (!options.dryRun) await finishInterruptedBatches();
  const at = await now();
  const stored = await readStored(rows);
  const { changes, problems } = await plan(rows, stored, at, pace);
  if (problems.length) throw badRequest(problemsMessage(problems));
  const teamName = teamNamer(rows, stored);
  const counts: Record<string, number> = {};
  const summaries: string[] = [];
  for (const change of changes) {
    await pace();
    counts[countKey(change)] = (counts[countKey(change)] ?? 0) + 1;
    summaries.push(`${subjectName(change)}: ${summarize(change, teamName)}`);
  }
  const applied = !options.dryRun && changes.length > 0 ? await applyBatch(changes, { by: options.by, source: options.source }) : null;
  return {
    dryRun: options.dryRun,
    applied: applied !== null,
    counts,
    changes: changes.map((change, i) => ({
      subject: change.subject,
      subjectId: change.subjectId,
      action: change.action,
      summary: summaries[i]!,
    })),
    conflicts: applied?.conflicts.length ?? 0,
  };
}
