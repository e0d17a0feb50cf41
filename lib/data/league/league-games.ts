import 'server-only';
import mongoose, { type Types } from 'mongoose';
import type { z } from 'zod';
import { now } from '@/lib/clock';
import { dbConnect } from '@/lib/db';
import { AppError, badRequest, notFound } from '@/lib/errors';
import { gameIdText, seasonOfGameId } from '@/lib/league/league';
import type { addGameBody, editGameBody, gamesQuery, LeagueGame } from '@/lib/validation/league';
import { Game, type GameRow, Team, type TeamRow } from '@/models';
import { applyBatch } from './league-batches';
import { planGame } from './league-plan';
import { gameFields, type GameFields } from './league-subjects';

/** The console's schedule: a range of days' games, a game added or edited, a final score. */

const DAY_MS = 24 * 60 * 60 * 1000;
/** The longest range the console reads at once: about two months of a season's games. */
const RANGE_MAX_DAYS = 62;

type Teams = Map<number, Pick<TeamRow, '_id' | 'name' | 'abbreviation'>>;

async function teams(): Promise<Teams> {
  const rows = await Team.find({}).select({ name: 1, abbreviation: 1 }).lean<Pick<TeamRow, '_id' | 'name' | 'abbreviation'>[]>();
  return new Map(rows.map((t) => [t._id, t]));
}

function toLeagueGame(game: GameRow, names: Teams): LeagueGame {
  const ref = (id: number) => {
    const team = names.get(id);
    return { id, name: team?.name ?? 'Unknown Team', abbreviation: team?.abbreviation ?? '' };
  };
  const fields = gameFields(game);
  return {
    id: game._id,
    gameId: gameIdText(game._id),
    ...fields,
    home: ref(fields.home),
    away: ref(fields.away),
    tipoff: fields.tipoff.toISOString(),
  };
}

/** The games tipping off from the first day (00:00 UTC) to the end of the last, in tip-off order. */
export async function listGames({ from, to }: z.output<typeof gamesQuery>): Promise<LeagueGame[]> {
  await dbConnect();
  const today = new Date(Math.floor((await now()).getTime() / DAY_MS) * DAY_MS);
  const start = from ?? new Date(today.getTime() - DAY_MS);
  const last = to ?? new Date(start.getTime() + 7 * DAY_MS);
  if (last.getTime() < start.getTime()) throw badRequest('to: must not be before from');
  if (last.getTime() - start.getTime() > RANGE_MAX_DAYS * DAY_MS) throw badRequest(`to: at most ${RANGE_MAX_DAYS} days after from`);
  const [games, names] = await Promise.all([
    Game.find({ tipoff: mongoose.trusted({ $gte: start, $lt: new Date(last.getTime() + DAY_MS) }) })
      .sort({ tipoff: 1, _id: 1 })
      .lean<GameRow[]>(),
    teams(),
  ]);
  return games.map((g) => toLeagueGame(g, names));
}

async function apply(id: number, existing: GameRow | null, target: GameFields, by: Types.ObjectId): Promise<LeagueGame> {
  const names = await teams();
  const planned = planGame(id, existing, target, (team) => names.has(team));
  if ('problem' in planned) throw badRequest(`${planned.problem.field}: ${planned.problem.message}`);
  if (!planned.change) throw badRequest('Nothing to change: the game is like that already.');
  const { conflicts } = await applyBatch([planned.change], { by, source: 'console' });
  if (conflicts.length) throw new AppError(409, 'The game was changed meanwhile. Reload it and try again.');
  return toLeagueGame((await Game.findById(id).lean<GameRow>())!, names);
}

export async function addGame({ id, season, ...fields }: z.output<typeof addGameBody>, by: Types.ObjectId): Promise<LeagueGame> {
  await dbConnect();
  if (await Game.exists({ _id: id })) throw badRequest(`id: game ${gameIdText(id)} is on the schedule already`);
  const named = season ?? seasonOfGameId(id);
  if (!named) throw badRequest('season: the game id does not name a season: give one, such as 2026-27');
  return apply(id, null, { season: named, ...fields }, by);
}

export async function editGame(id: number, body: z.output<typeof editGameBody>, by: Types.ObjectId): Promise<LeagueGame> {
  await dbConnect();
  const existing = await Game.findById(id).lean<GameRow>();
  if (!existing) throw notFound(`No game ${gameIdText(id)}.`);
  const target = { ...gameFields(existing), ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) } as GameFields;
  return apply(id, existing, target, by);
}
