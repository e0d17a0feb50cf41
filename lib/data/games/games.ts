import 'server-only';
import mongoose from 'mongoose';
import { GAME_TAKE_WINDOW_MS } from '@/lib/games/constants';
import { dbConnect } from '@/lib/db';
import { directory, type Directory } from '@/lib/data/shared/directory';
import { cachedList, LIST_TAGS, LIST_TTL, unstored } from '@/lib/data/shared/list-cache';
import { entityKey } from '@/lib/league/entities';
import { addDays, dayBounds, type DayString } from '@/lib/games/game-day';
import type { GameDTO, GameTeam, Slate } from '@/lib/validation/games';
import { EntityStat, type EntityStatRow, Game, type GameRow } from '@/models';

/**
 * The schedule as fans read it (docs/product.md#game-day): a day's slate and one game. The games themselves are
 * written by the league's operators and importer (models/game.ts); every thread opens from them with no step of its
 * own: a game is a take's focus as soon as it is on the schedule.
 */

type StoredGame = Pick<GameRow, '_id' | 'season' | 'home' | 'away' | 'tipoff' | 'status' | 'homeScore' | 'awayScore'>;
const GAME_FIELDS = { season: 1, home: 1, away: 1, tipoff: 1, status: 1, homeScore: 1, awayScore: 1 } as const;

function teamOf(dir: Directory, id: number): GameTeam {
  const team = dir.teams.get(id);
  if (!team) return { id, name: 'Unknown Team', nickname: 'Unknown Team', abbreviation: '?', color: '#1f2937' };
  return { id, name: team.name, nickname: team.nickname, abbreviation: team.abbreviation, color: team.primaryColor };
}

function toGameDTO(game: StoredGame, dir: Directory, takes: number): GameDTO {
  return {
    id: game._id,
    season: game.season,
    tipoff: game.tipoff.toISOString(),
    status: game.status ?? 'scheduled',
    away: teamOf(dir, game.away),
    home: teamOf(dir, game.home),
    awayScore: game.awayScore ?? null,
    homeScore: game.homeScore ?? null,
    takes,
  };
}

/**
 * How many takes each game's thread holds, from the game's entity stats (models/entity-stat.ts), kept with $inc as
 * takes are posted and deleted. Cached under each game's thread tag, which posting or removing a take there expires.
 */
async function threadSizes(ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const keys = ids.map((id) => entityKey('game', id));
  const rows = await cachedList('thread-sizes', keys, keys.map(LIST_TAGS.entity), LIST_TTL.hot, async () => {
    await dbConnect();
    return EntityStat.find({ _id: mongoose.trusted({ $in: keys }) })
      .select({ takes: 1 })
      .lean<Pick<EntityStatRow, '_id' | 'takes'>[]>();
  });
  return new Map(rows.map((row) => [Number(row._id.slice('game:'.length)), Math.max(0, row.takes ?? 0)]));
}

/**
 * The games that tip off on `day` in `zone`, in tip-off order, on the { tipoff, _id } index. The schedule changes
 * only when operators or the importer write it, which expire the games tag (expireGames in
 * lib/data/shared/list-cache.ts); a minute's time-to-live
 * bounds a change made outside the app.
 */
export async function slateOf(day: DayString, zone: string): Promise<Slate> {
  const { start, end } = dayBounds(day, zone);
  // A day without games is not kept: any day can be asked for, and the empty read is one indexed range.
  const games = await cachedList('slate', [start.toISOString(), end.toISOString()], [LIST_TAGS.games], LIST_TTL.hot, async () => {
    await dbConnect();
    const found = await Game.find({ tipoff: mongoose.trusted({ $gte: start, $lt: end }) })
      .sort({ tipoff: 1, _id: 1 })
      .select(GAME_FIELDS)
      .lean<StoredGame[]>();
    return found.length > 0 ? found : unstored(found);
  });
  const [dir, sizes] = await Promise.all([directory(), threadSizes(games.map((g) => g._id))]);
  return {
    date: day,
    timeZone: zone,
    previous: addDays(day, -1),
    next: addDays(day, 1),
    games: games.map((game) => toGameDTO(game, dir, sizes.get(game._id) ?? 0)),
  };
}

/** One game with its thread's size, or null when the schedule has no such game. */
export async function getGame(id: number): Promise<GameDTO | null> {
  const game = await cachedList('game', [id], [LIST_TAGS.games, LIST_TAGS.game(id)], LIST_TTL.hot, async () => {
    await dbConnect();
    // An id no game has is answered but not kept, or every made-up id would add an entry.
    const found = await Game.findById(id).select(GAME_FIELDS).lean<StoredGame>();
    return found ?? unstored(found);
  });
  if (!game) return null;
  const [dir, sizes] = await Promise.all([directory(), threadSizes([id])]);
  return toGameDTO(game, dir, sizes.get(id) ?? 0);
}

/** A game a take may be filed on at `at`, with its teams; why not otherwise. Read fresh: it decides a write. */
export async function gameForTake(id: number, at: Date): Promise<{ away: number; home: number } | 'missing' | 'closed'> {
  await dbConnect();
  const game = await Game.findById(id).select({ home: 1, away: 1, tipoff: 1 }).lean<Pick<GameRow, 'home' | 'away' | 'tipoff'>>();
  if (!game) return 'missing';
  if (Math.abs(game.tipoff.getTime() - at.getTime()) > GAME_TAKE_WINDOW_MS) return 'closed';
  return { away: game.away, home: game.home };
}
