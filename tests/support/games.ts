import { Game } from '@/models';
import { TEAMS } from '@/tests/support/api';

/**
 * A game written straight to the schedule, as the league's importer writes them; ids are this run's own (the suites
 * share one database). The caller's file connects to the database.
 */
export async function storeGame(
  fields: { tipoff: Date; away?: number; home?: number; status?: 'scheduled' | 'live' | 'final' | 'postponed' | 'cancelled' } & Record<
    string,
    unknown
  >,
) {
  const id = 100_000_000 + Math.floor(Math.random() * 800_000_000);
  const game = await Game.create({
    _id: id,
    season: '2026-27',
    away: TEAMS[1]!.id,
    home: TEAMS[2]!.id,
    ...fields,
  });
  return game.toObject();
}
