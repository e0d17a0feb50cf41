import 'server-only';
import mongoose, { type Types } from 'mongoose';
import type { z } from 'zod';
import { dbConnect } from '@/lib/db';
import { AppError, badRequest, notFound } from '@/lib/errors';
import { gameIdText } from '@/lib/league/league';
import type { lineBody, LeagueLine, LeagueLines } from '@/lib/validation/league';
import { BoxScore, type BoxScoreRow, Game, type GameRow, Player, type PlayerRow, Team, type TeamRow } from '@/models';
import { applyBatch } from './league-batches';
import { planLine } from './league-plan';
import { lineId } from './league-subjects';

/**
 * The console's box scores (docs/league-data.md#box-scores): a game's lines, and one line entered or corrected, as a
 * league change like any other (logged, applied through a batch, and settling the game's player calls on the write).
 */

type Teams = Map<number, Pick<TeamRow, '_id' | 'name' | 'abbreviation'>>;

async function gameOf(id: number): Promise<Pick<GameRow, '_id' | 'home' | 'away'>> {
  const game = await Game.findById(id).select({ home: 1, away: 1 }).lean<Pick<GameRow, '_id' | 'home' | 'away'>>();
  if (!game) throw notFound(`No game ${gameIdText(id)}.`);
  return game;
}

function toLeagueLine(line: BoxScoreRow, names: Map<number, string>, teams: Teams): LeagueLine {
  const team = teams.get(line.team);
  return {
    game: line.game,
    player: { id: line.player, name: names.get(line.player) ?? `Player ${line.player}` },
    team: { id: line.team, name: team?.name ?? 'Unknown Team', abbreviation: team?.abbreviation ?? '' },
    minutes: line.minutes ?? 0,
    points: line.points ?? 0,
    rebounds: line.rebounds ?? 0,
    assists: line.assists ?? 0,
    threes: line.threes ?? 0,
  };
}

/** A game's box score, by team (away first) then most minutes, and the two teams' players now to enter a line for. */
export async function listLines(id: number): Promise<LeagueLines> {
  await dbConnect();
  const game = await gameOf(id);
  const [lines, roster, teams] = await Promise.all([
    BoxScore.find({ game: id }).lean<BoxScoreRow[]>(),
    Player.find({ teamId: mongoose.trusted({ $in: [game.away, game.home] }) })
      .sort({ name: 1 })
      .select({ name: 1, teamId: 1 })
      .lean<Pick<PlayerRow, '_id' | 'name' | 'teamId'>[]>(),
    Team.find({ _id: mongoose.trusted({ $in: [game.away, game.home] }) })
      .select({ name: 1, abbreviation: 1 })
      .lean<Pick<TeamRow, '_id' | 'name' | 'abbreviation'>[]>(),
  ]);
  const missing = lines.map((l) => l.player).filter((p) => !roster.some((r) => r._id === p));
  const others = missing.length
    ? await Player.find({ _id: mongoose.trusted({ $in: missing }) })
        .select({ name: 1 })
        .lean<Pick<PlayerRow, '_id' | 'name'>[]>()
    : [];
  const names = new Map([...roster, ...others].map((p) => [p._id, p.name]));
  const teamMap: Teams = new Map(teams.map((t) => [t._id, t]));
  const order = (l: BoxScoreRow) => (l.team === game.away ? 0 : 1);
  return {
    lines: lines
      .sort((a, b) => order(a) - order(b) || (b.minutes ?? 0) - (a.minutes ?? 0) || a.player - b.player)
      .map((l) => toLeagueLine(l, names, teamMap)),
    players: roster.map((p) => ({ id: p._id, name: p.name, team: p.teamId! })),
  };
}

/** Enters or corrects one player's line in a game's box score. */
export async function putLine(id: number, player: number, body: z.output<typeof lineBody>, by: Types.ObjectId): Promise<LeagueLine> {
  await dbConnect();
  const [game, existing, known] = await Promise.all([
    gameOf(id),
    BoxScore.findById(lineId(id, player)).lean<BoxScoreRow>(),
    Player.exists({ _id: player }),
  ]);
  const planned = planLine(
    existing,
    { game: id, player, ...body },
    { gameTeams: () => ({ home: game.home, away: game.away }), playerExists: () => known !== null },
  );
  if ('problem' in planned) throw badRequest(`${planned.problem.field}: ${planned.problem.message}`);
  if (!planned.change) throw badRequest('Nothing to change: the line is like that already.');
  const { conflicts } = await applyBatch([planned.change], { by, source: 'console' });
  if (conflicts.length) throw new AppError(409, 'The line was changed meanwhile. Reload it and try again.');
  const [line, named, teams] = await Promise.all([
    BoxScore.findById(lineId(id, player)).lean<BoxScoreRow>(),
    Player.findById(player).select({ name: 1 }).lean<Pick<PlayerRow, '_id' | 'name'>>(),
    Team.find({ _id: mongoose.trusted({ $in: [game.away, game.home] }) })
      .select({ name: 1, abbreviation: 1 })
      .lean<Pick<TeamRow, '_id' | 'name' | 'abbreviation'>[]>(),
  ]);
  return toLeagueLine(line!, new Map(named ? [[named._id, named.name]] : []), new Map(teams.map((t) => [t._id, t])));
}
