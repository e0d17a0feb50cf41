import 'server-only';
import mongoose from 'mongoose';
import { currentCallSeason } from '@/lib/calls/calls';
import { CALL_GAMES_OFFERED } from '@/lib/calls/constants';
import { GAME_TAKE_WINDOW_MS } from '@/lib/games/constants';
import { dbConnect } from '@/lib/db';
import { directory } from '@/lib/data/shared/directory';
import type { CallGames } from '@/lib/validation/calls';
import { Game, type GameRow } from '@/models';

/**
 * The games the composer offers a call on (docs/product.md#calls): one game, or a team's next games, or a player's
 * team's, that have not tipped off (today's and upcoming, CALL_GAMES_OFFERED at most), or without either the league's games of
 * the next day and a half; each with both rosters for a player call. Rosters come from the name directory (kept per
 * league version), so a game costs nothing more.
 */
export async function callGames(
  { team, player }: { team?: number | undefined; player?: number | undefined },
  at: Date,
): Promise<CallGames> {
  await dbConnect();
  const dir = await directory();
  const side = team ?? (player === undefined ? undefined : (dir.rosters.get(player)?.teamId ?? null));
  const upcoming = mongoose.trusted({ $gt: at });
  type Row = Pick<GameRow, '_id' | 'home' | 'away' | 'tipoff' | 'status'>;
  const rows =
    side === null
      ? []
      : await (
          side === undefined
            ? Game.find({ tipoff: mongoose.trusted({ $gt: at, $lte: new Date(at.getTime() + GAME_TAKE_WINDOW_MS) }) })
                .sort({ tipoff: 1, _id: 1 })
                .limit(CALL_GAMES_OFFERED * 2)
            : Game.find({
                $or: [
                  { home: side, tipoff: upcoming },
                  { away: side, tipoff: upcoming },
                ],
              })
                .sort({ tipoff: 1 })
                .limit(CALL_GAMES_OFFERED)
        )
          .select({ home: 1, away: 1, tipoff: 1, status: 1 })
          .lean<Row[]>();
  const roster = (teamId: number) =>
    [...dir.rosters]
      .filter(([, r]) => r.teamId === teamId)
      .map(([id]) => ({ id, name: dir.byKey.get(`player:${id}`)?.name ?? 'Unknown Player', team: teamId }))
      .sort((a, b) => a.name.localeCompare(b.name));
  const teamOf = (id: number) => {
    const named = dir.byKey.get(`team:${id}`);
    return { id, name: named?.name ?? 'Unknown Team', nickname: dir.teamNicknames.get(id) ?? 'Unknown Team' };
  };
  return {
    games: rows
      // A postponed or cancelled game takes no calls until it is back on the schedule.
      .filter((g) => (g.status ?? 'scheduled') === 'scheduled')
      .map((g) => ({
        id: g._id,
        tipoff: g.tipoff.toISOString(),
        away: teamOf(g.away),
        home: teamOf(g.home),
        players: [...roster(g.away), ...roster(g.home)],
      })),
    season: currentCallSeason(at),
  };
}
