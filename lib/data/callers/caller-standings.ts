import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { callerRating, isProvisional, qualifies, wilsonLower, type Board } from '@/lib/callers/callers';
import { CALLERS_TOP } from '@/lib/callers/constants';
import { expireLists, LIST_TAGS } from '@/lib/data/shared/list-cache';
import { CallerScore, type CallerScoreRow, CallerStat, type CallerStatRow, User, type UserRow } from '@/models';

type Id = Types.ObjectId | string;
type ScoreFacts = Pick<CallerScoreRow, 'season' | 'verdict' | 'points' | 'dueDay'>;

/** A standing as stored on CallerStat, without its keys and time. */
export type Standing = Pick<
  CallerStatRow,
  'scored' | 'points' | 'rating' | 'well' | 'poorly' | 'close' | 'days' | 'hitRateLow' | 'qualified' | 'provisional'
>;

/** A fan's standing on one board, from the scored receipts that count on it. */
export function standingOf(scores: ScoreFacts[]): Standing {
  const well = scores.filter((s) => s.verdict === 'well').length;
  const poorly = scores.filter((s) => s.verdict === 'poorly').length;
  const scored = well + poorly;
  const points = scores.reduce((sum, s) => sum + s.points, 0);
  const days = new Set(scores.filter((s) => s.verdict !== 'close').map((s) => s.dueDay)).size;
  return {
    scored,
    points,
    rating: callerRating(points, scored),
    well,
    poorly,
    close: scores.length - scored,
    days,
    hitRateLow: wilsonLower(well, scored),
    qualified: qualifies({ scored, days }),
    provisional: isProvisional({ scored, days }),
  };
}

/** Every board a fan's scored receipts put them on (all time, and each season they had one due in), with their standing there. */
export function standingsOf(scores: ScoreFacts[]): Map<Board, Standing> {
  const bySeason = new Map<Board, ScoreFacts[]>();
  for (const score of scores) bySeason.set(score.season as Board, [...(bySeason.get(score.season as Board) ?? []), score]);
  const boards = new Map<Board, Standing>();
  if (scores.length > 0) boards.set('all', standingOf(scores));
  for (const [season, list] of bySeason) boards.set(season, standingOf(list));
  return boards;
}

export const statId = (board: Board, user: Id) => `${board}:${String(user)}`;

/** A fan's scored receipts, read by the author index (models/caller-score.ts). */
export function scoresOf(user: Id): Promise<ScoreFacts[]> {
  return CallerScore.find({ author: user })
    .sort({ dueAt: -1, _id: -1 })
    .select({ season: 1, verdict: 1, points: 1, dueDay: 1 })
    .lean<ScoreFacts[]>();
}

/**
 * Writes a fan's standing on every board from their CallerScore facts, each
 * whole ($set), so running it twice, or on two instances at once, leaves the
 * same documents; returns them. Nothing is written for an account that is gone.
 * Expires nothing: recomputeStandings does, and a migration (which may run
 * inside a render, where no cache can be expired) leaves the boards to their
 * time-to-live.
 */
export async function writeStandings(user: Id, at: Date): Promise<Map<Board, Standing>> {
  const [scores, fan] = await Promise.all([
    scoresOf(user),
    User.findById(user).select({ favoriteTeam: 1 }).lean<Pick<UserRow, 'favoriteTeam'>>(),
  ]);
  const boards = fan ? standingsOf(scores) : new Map<Board, Standing>();
  if (boards.size === 0) return boards;
  const userId = new mongoose.Types.ObjectId(String(user));
  await CallerStat.bulkWrite(
    [...boards].map(([board, standing]) => ({
      updateOne: {
        filter: { _id: statId(board, user) },
        update: { $set: { ...standing, user: userId, board, favoriteTeam: fan?.favoriteTeam ?? null, updatedAt: at } },
        upsert: true,
      },
    })),
  );
  return boards;
}

/**
 * Recomputes a fan's standings (writeStandings) and expires the boards. Returns
 * the boards where the fan is now qualified and among the top CALLERS_TOP (the
 * caller notifies the ones they just entered).
 */
export async function recomputeStandings(user: Id, at: Date): Promise<Board[]> {
  const boards = await writeStandings(user, at);
  if (boards.size === 0) return [];
  await expireLists(LIST_TAGS.callers);
  const top = await Promise.all(
    [...boards].map(async ([board, standing]) => {
      if (!standing.qualified) return null;
      const above = await CallerStat.countDocuments(
        { board, qualified: true, rating: mongoose.trusted({ $gt: standing.rating }) },
        { limit: CALLERS_TOP },
      );
      return above < CALLERS_TOP ? board : null;
    }),
  );
  return top.filter((b): b is Board => b !== null);
}

/** A fan's new favourite team, on their standings too, so a board filtered by team lists them under it. */
export async function moveCallerTeam(user: Id, team: number | null): Promise<void> {
  const moved = await CallerStat.updateMany({ user }, { $set: { favoriteTeam: team } });
  if (moved.modifiedCount > 0) await expireLists(LIST_TAGS.callers);
}

/** A leaving fan's scored receipts and standings (their account is being deleted). */
export async function removeCallerFacts(user: Id): Promise<void> {
  await Promise.all([CallerScore.deleteMany({ author: user }), CallerStat.deleteMany({ user })]);
  await expireLists(LIST_TAGS.callers);
}
