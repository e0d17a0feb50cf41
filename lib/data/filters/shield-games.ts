import 'server-only';
import mongoose from 'mongoose';
import { SHIELD_DEFAULT_HOURS } from '@/lib/filters/constants';
import type { directory } from '@/lib/data/shared/directory';
import { cachedList } from '@/lib/data/shared/list-cache';
import { spoilerLabel, type ShieldedGame } from '@/lib/filters/fan-filters';
import type { GameDTO, ShieldedGameDTO } from '@/lib/validation/filters';
import { Game, type GameRow, type SpoilerShieldRow } from '@/models';

/**
 * Which games a fan's spoiler shield covers, and when (docs/product.md#filters): every game of a team they watch
 * later and each game they marked "not watched yet", from its tip-off for the hours they chose (the longest, when
 * both apply), unless they tapped Watched on it.
 */

type Directory = Awaited<ReturnType<typeof directory>>;
export type ShieldRow = Pick<SpoilerShieldRow, 'kind' | 'target' | 'hours'>;
type GameFacts = Pick<GameRow, '_id' | 'home' | 'away' | 'tipoff'>;

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
/** The account page shows the shield's games from a week back (watched or over) to two days ahead (upcoming). */
const VIEW_BACK_MS = 7 * 24 * HOUR_MS;
const VIEW_AHEAD_MS = 2 * 24 * HOUR_MS;
/** Games one may mark "not watched yet": those that tipped off in the last hours as well as the next two days'. */
const SLATE_BACK_MS = 6 * HOUR_MS;
const SLATE_SIZE = 60;

type Plan = { teams: Map<number, number>; marked: Map<number, number>; watched: Set<number> };

function planOf(rows: ShieldRow[]): Plan {
  const hoursOf = (kind: 'team' | 'game') =>
    new Map(rows.filter((r) => r.kind === kind).map((r) => [r.target, r.hours ?? SHIELD_DEFAULT_HOURS] as const));
  return {
    teams: hoursOf('team'),
    marked: hoursOf('game'),
    watched: new Set(rows.filter((r) => r.kind === 'watched').map((r) => r.target)),
  };
}

/** How long a game is shielded for, and whether it was marked on its own; null when nothing shields it. */
function windowOf(game: GameFacts, plan: Plan): { hours: number; marked: boolean } | null {
  const hours = [plan.marked.get(game._id), plan.teams.get(game.home), plan.teams.get(game.away)].filter(
    (h): h is number => h !== undefined,
  );
  return hours.length === 0 ? null : { hours: Math.max(...hours), marked: plan.marked.has(game._id) };
}

/**
 * Whether the fan's shield covers `game` at some time, from its tip-off for their hours: a team they watch later plays
 * in it or they marked it, and they have not tapped Watched on it. A game page opened before tip-off asks this, so
 * its poll carries the fan's identity and stops showing the score when the window starts (shieldedAt says when).
 */
export function shieldsGame(rows: ShieldRow[], game: { id: number; home: number; away: number }): boolean {
  const plan = planOf(rows);
  return !plan.watched.has(game.id) && windowOf({ _id: game.id, home: game.home, away: game.away, tipoff: new Date(0) }, plan) !== null;
}

/**
 * The shield's games with a tip-off in [from, to], and the marked ones whenever they are: one query, each branch on
 * its index ({home, tipoff}, {away, tipoff}, _id).
 */
async function gamesOf(plan: Plan, from: Date, to: Date): Promise<GameFacts[]> {
  const teams = [...plan.teams.keys()];
  const marked = [...plan.marked.keys()];
  const tipoff = mongoose.trusted({ $gte: from, $lte: to });
  const clauses = [
    ...(teams.length
      ? [
          { home: mongoose.trusted({ $in: teams }), tipoff },
          { away: mongoose.trusted({ $in: teams }), tipoff },
        ]
      : []),
    ...(marked.length ? [{ _id: mongoose.trusted({ $in: marked }) }] : []),
  ];
  if (clauses.length === 0) return [];
  const games = await Game.find({ $or: clauses }).select({ home: 1, away: 1, tipoff: 1 }).lean<GameFacts[]>();
  return games.sort((a, b) => a.tipoff.getTime() - b.tipoff.getTime() || a._id - b._id);
}

const nickname = (dir: Directory, team: number) => dir.teamNicknames.get(team) ?? 'Unknown Team';
const matchupOf = (dir: Directory, game: GameFacts) => `${nickname(dir, game.away)} @ ${nickname(dir, game.home)}`;

/** The games shielded for the fan at `at`, with the label their collapsed items show ("Spoiler: Lakers @ Celtics"). */
export async function shieldedAt(rows: ShieldRow[], at: Date, dir: Directory): Promise<ShieldedGame[]> {
  const plan = planOf(rows);
  if (plan.teams.size === 0 && plan.marked.size === 0) return [];
  const longest = Math.max(0, ...plan.teams.values(), ...plan.marked.values());
  // Read through the data cache for the minute `at` falls in, shared by every fan who shields the same teams and
  // games, so a fan's reads of one minute cost one read of games, not one per list. A game added or moved shows
  // within that minute (the key moves on with it), as does its tip-off: each fan's window is judged against `at`.
  const minute = Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS;
  const key = [[...plan.teams.keys()].sort((a, b) => a - b), [...plan.marked.keys()].sort((a, b) => a - b), longest, minute];
  const games = await cachedList('shield-games', key, [], MINUTE_MS / 1000, () =>
    gamesOf(plan, new Date(minute - longest * HOUR_MS), new Date(minute + MINUTE_MS)),
  );
  return games.flatMap((game) => {
    const window = windowOf(game, plan);
    const from = game.tipoff.getTime();
    if (!window || plan.watched.has(game._id) || at.getTime() < from || at.getTime() >= from + window.hours * HOUR_MS) return [];
    return [
      {
        game: game._id,
        home: game.home,
        away: game.away,
        tipoff: game.tipoff,
        label: spoilerLabel(nickname(dir, game.away), nickname(dir, game.home)),
      },
    ];
  });
}

const toGameDTO = (game: GameFacts, dir: Directory): GameDTO => ({
  _id: game._id,
  home: game.home,
  away: game.away,
  tipoff: game.tipoff.toISOString(),
  matchup: matchupOf(dir, game),
});

/** The account page's view of the shield: its games from a week back to two days ahead, each with where it stands. */
export async function shieldView(rows: ShieldRow[], at: Date, dir: Directory): Promise<ShieldedGameDTO[]> {
  const plan = planOf(rows);
  const from = at.getTime() - VIEW_BACK_MS;
  const games = await gamesOf(plan, new Date(from), new Date(at.getTime() + VIEW_AHEAD_MS));
  return games.flatMap((game) => {
    const window = windowOf(game, plan);
    if (!window || game.tipoff.getTime() < from) return [];
    const until = game.tipoff.getTime() + window.hours * HOUR_MS;
    const state = plan.watched.has(game._id)
      ? 'watched'
      : at.getTime() < game.tipoff.getTime()
        ? 'upcoming'
        : at.getTime() < until
          ? 'shielded'
          : 'over';
    return [{ ...toGameDTO(game, dir), state, until: new Date(until).toISOString(), marked: window.marked }];
  });
}

/** Games that tipped off in the last few hours or tip off in the next two days, to mark one "not watched yet". */
export async function slateAround(at: Date, dir: Directory): Promise<GameDTO[]> {
  const games = await Game.find({
    tipoff: mongoose.trusted({ $gte: new Date(at.getTime() - SLATE_BACK_MS), $lte: new Date(at.getTime() + VIEW_AHEAD_MS) }),
  })
    .sort({ tipoff: 1, _id: 1 })
    .limit(SLATE_SIZE)
    .select({ home: 1, away: 1, tipoff: 1 })
    .lean<GameFacts[]>();
  return games.map((game) => toGameDTO(game, dir));
}
