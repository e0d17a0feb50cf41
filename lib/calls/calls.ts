import { CALIBRATION_BIN_WIDTH, CALL_LINES, CALL_VOID_AFTER_MS } from '@/lib/calls/constants';
import { CALLER_CROWD_CLAMP } from '@/lib/callers/constants';
import { REGULAR_SEASON_GAMES, SEASON_CALENDAR } from '@/lib/league/constants';
import { gameIdText } from '@/lib/league/league';

/**
 * Calls (docs/product.md#calls): a structured call a take carries, and how the league's results settle it. Pure, so
 * the server that settles, the pages that show a call and a record, and the tests share one reading of every rule.
 *
 * A game call locks at its game's tip-off; a season call when its team's first regular-season game tips off, or at
 * posting if that is later. A call settles as a hit, a miss or a void; overtime counts (the final score is the
 * score). A void scores nothing: a player with no minutes (no line in the game's box score, or 0 minutes), a game
 * postponed and not played within CALL_VOID_AFTER_MS of the tip-off the call locked at, a cancelled game, and a
 * player call on a final game whose box score has not come in by then.
 */

export const GAME_CALL_KINDS = ['win', 'margin', 'total', 'player'] as const;
export const SEASON_CALL_KINDS = ['season-wins', 'season-better'] as const;
export const CALL_KINDS = [...GAME_CALL_KINDS, ...SEASON_CALL_KINDS] as const;
export const PLAYER_STATS = ['points', 'rebounds', 'assists', 'threes'] as const;
export const CALL_RESULTS = ['hit', 'miss', 'void'] as const;
/** Why a call settled as it did: the game was played (a hit or a miss), a void's rule, or its take deleted once locked. */
export const CALL_REASONS = ['played', 'no-minutes', 'postponed', 'cancelled', 'no-box-score', 'deleted', 'removed'] as const;

export type CallKind = (typeof CALL_KINDS)[number];
export type PlayerStat = (typeof PLAYER_STATS)[number];
export type CallResult = (typeof CALL_RESULTS)[number];
export type CallReason = (typeof CALL_REASONS)[number];
export type Settlement = { result: CallResult; reason: CallReason };

/** What a call says, as stored: the fields its kind uses, the others null. */
export type CallTerms = {
  kind: CallKind;
  game: number | null;
  season: string | null;
  /** The team the call is on (win, margin, season wins; team A of season-better); null for a total or a player call. */
  team: number | null;
  /** season-better: the team it must finish ahead of. */
  other: number | null;
  player: number | null;
  stat: PlayerStat | null;
  side: 'over' | 'under' | null;
  line: number | null;
};

export const isSeasonKind = (kind: CallKind): boolean => (SEASON_CALL_KINDS as readonly string[]).includes(kind);

const STAT_WORDS: Record<PlayerStat, string> = { points: 'points', rebounds: 'rebounds', assists: 'assists', threes: 'threes' };

/** A line as written on a chip: 5, 220.5. */
const lineText = (line: number | null) => (line === null ? '' : Number.isInteger(line) ? String(line) : line.toFixed(1));

/**
 * The call in words, as its chip reads: "Celtics by 5+", "Celtics win", "Over 220.5 points", "Jayson Tatum 30+
 * points", "Celtics 55+ wins", "Celtics finish ahead of the Knicks". Names come from the caller (the directory).
 */
export function describeCall(call: CallTerms, names: { team(id: number): string; player(id: number): string }): string {
  const team = call.team === null ? '' : names.team(call.team);
  switch (call.kind) {
    case 'win':
      return `${team} win`;
    case 'margin':
      return `${team} by ${lineText(call.line)}+`;
    case 'total':
      return `${call.side === 'under' ? 'Under' : 'Over'} ${lineText(call.line)} points`;
    case 'player':
      return `${call.player === null ? '' : names.player(call.player)} ${lineText(call.line)}+ ${call.stat ? STAT_WORDS[call.stat] : ''}`;
    case 'season-wins':
      return `${team} ${lineText(call.line)}+ wins`;
    case 'season-better':
      return `${team} finish ahead of the ${call.other === null ? '' : names.team(call.other)}`;
  }
}

/** The bounds of the line a call of this kind (and stat) may name: CALL_LINES. */
export function lineBounds(kind: CallKind, stat: PlayerStat | null): (typeof CALL_LINES)[keyof typeof CALL_LINES] | null {
  if (kind === 'margin') return CALL_LINES.margin;
  if (kind === 'total') return CALL_LINES.total;
  if (kind === 'season-wins') return CALL_LINES.wins;
  if (kind === 'player' && stat) return CALL_LINES[stat];
  return null;
}

/** The games of a season that count toward its records: regular-season ones (the league's ids say; any other id range counts). */
export function isRegularSeasonGame(id: number): boolean {
  const text = gameIdText(id);
  return !/^00[1-6]\d{7}$/.test(text) || text[2] === '2';
}

/** The season a season call posted at `at` is about: the first in the league calendar whose regular season has not ended. */
export function currentCallSeason(at: Date): string | null {
  const today = at.toISOString().slice(0, 10);
  return SEASON_CALENDAR.find((s) => s.regularSeasonEnd >= today)?.season ?? null;
}

/** The last day of a season's regular season (UTC), from the league calendar; null for a season it does not list. */
export function regularSeasonEnd(season: string): string | null {
  return SEASON_CALENDAR.find((s) => s.season === season)?.regularSeasonEnd ?? null;
}

/** A game as settlement reads it. */
export type SettlingGame = {
  status: 'scheduled' | 'live' | 'final' | 'postponed' | 'cancelled';
  home: number;
  away: number;
  tipoff: Date;
  homeScore: number | null;
  awayScore: number | null;
};

/** A player's line in a game's box score. */
export type BoxLine = { minutes: number; points: number; rebounds: number; assists: number; threes: number };

/** What settlement knows of a game's box score: whether any line is in, and each player's. */
export type BoxScore = { has: boolean; line(player: number): BoxLine | null };

const hitOrMiss = (hit: boolean): Settlement => ({ result: hit ? 'hit' : 'miss', reason: 'played' });

/**
 * How a game call stands at `at`, from its game and box score: settled, or null while nothing decides it yet. A
 * game final more than CALL_VOID_AFTER_MS after the lock was not played within it: void, as it would have been had
 * the scheduled job met it first.
 */
export function decideGameCall(call: CallTerms, lockAt: Date, game: SettlingGame, box: BoxScore, at: Date): Settlement | null {
  const expired = at.getTime() >= lockAt.getTime() + CALL_VOID_AFTER_MS;
  if (game.status === 'cancelled') return { result: 'void', reason: 'cancelled' };
  if (game.status !== 'final' || game.homeScore === null || game.awayScore === null) {
    return expired ? { result: 'void', reason: 'postponed' } : null;
  }
  if (game.tipoff.getTime() > lockAt.getTime() + CALL_VOID_AFTER_MS) return { result: 'void', reason: 'postponed' };
  const scoreOf = (team: number | null) => (team === game.home ? game.homeScore! : team === game.away ? game.awayScore! : null);
  const opponentOf = (team: number | null) => (team === game.home ? game.awayScore! : game.homeScore!);
  const line = call.line ?? 0;
  switch (call.kind) {
    case 'win':
    case 'margin': {
      const own = scoreOf(call.team);
      // A team that does not play in the game (the game's teams were changed after posting) decides nothing.
      if (own === null) return { result: 'void', reason: 'cancelled' };
      const margin = own - opponentOf(call.team);
      return hitOrMiss(call.kind === 'win' ? margin > 0 : margin >= line);
    }
    case 'total': {
      const total = game.homeScore + game.awayScore;
      return hitOrMiss(call.side === 'under' ? total < line : total > line);
    }
    case 'player': {
      if (!box.has) return expired ? { result: 'void', reason: 'no-box-score' } : null;
      const played = call.player === null ? null : box.line(call.player);
      if (!played || played.minutes <= 0 || !call.stat) return { result: 'void', reason: 'no-minutes' };
      return hitOrMiss(played[call.stat] >= line);
    }
    default:
      return null;
  }
}

/** A team's regular season as it stands: wins and losses of its final games, and its games still to play (not cancelled). */
export type SeasonRecord = { wins: number; losses: number; remaining: number };

/** A regular-season game as a season's records read it. */
export type SeasonGame = { home: number; away: number; status: SettlingGame['status']; homeScore: number | null; awayScore: number | null };

/**
 * The teams' records from their regular-season games on the schedule: a final game is a win or a loss, a cancelled
 * one is not played, and every other game of REGULAR_SEASON_GAMES (on the schedule or not yet) is still to play.
 */
export function seasonRecords(games: readonly SeasonGame[], teams: readonly number[]): Map<number, SeasonRecord> {
  const tally = new Map(teams.map((t) => [t, { wins: 0, losses: 0, cancelled: 0 }]));
  for (const game of games) {
    for (const [team, own, theirs] of [
      [game.home, game.homeScore, game.awayScore],
      [game.away, game.awayScore, game.homeScore],
    ] as const) {
      const record = tally.get(team);
      if (!record) continue;
      if (game.status === 'cancelled') record.cancelled += 1;
      else if (game.status === 'final' && own !== null && theirs !== null) record[own > theirs ? 'wins' : 'losses'] += 1;
    }
  }
  return new Map(
    [...tally].map(([team, r]) => [
      team,
      { wins: r.wins, losses: r.losses, remaining: Math.max(0, REGULAR_SEASON_GAMES - r.cancelled - r.wins - r.losses) },
    ]),
  );
}

/**
 * How a season call stands: settled as soon as the result can no longer change, else null. Season wins: a hit once
 * the team has them, a miss once it cannot reach them. Finishing ahead: by win share over the games the season will
 * have; a hit once the team's worst case beats the other's best, a miss once its best cannot beat the other's worst
 * (level is not ahead).
 */
export function decideSeasonCall(call: CallTerms, records: ReadonlyMap<number, SeasonRecord>): Settlement | null {
  const own = call.team === null ? undefined : records.get(call.team);
  if (!own) return null;
  if (call.kind === 'season-wins') {
    const line = call.line ?? 0;
    if (own.wins >= line) return hitOrMiss(true);
    if (own.wins + own.remaining < line) return hitOrMiss(false);
    return null;
  }
  const other = call.other === null ? undefined : records.get(call.other);
  if (!other) return null;
  const range = (r: SeasonRecord) => {
    const games = r.wins + r.losses + r.remaining;
    return games === 0 ? { low: 0, high: 0 } : { low: r.wins / games, high: (r.wins + r.remaining) / games };
  };
  const a = range(own);
  const b = range(other);
  if (a.low > b.high) return hitOrMiss(true);
  if (a.high <= b.low) return hitOrMiss(false);
  return null;
}

/** The crowd's odds that a call is right, as Callers reads them from its likes and dislikes (lib/callers/callers.ts crowdOdds). */
export function callCrowdOdds(likes: number, dislikes: number): number {
  const odds = (likes + 1) / (likes + dislikes + 2);
  return Math.min(CALLER_CROWD_CLAMP.max, Math.max(CALLER_CROWD_CLAMP.min, odds));
}

/** A settled call as the record reads it. */
export type RecordedCall = { result: CallResult | null; crowd: number | null };

export type CalibrationBin = { bin: number; from: number; to: number; calls: number; hits: number };

export type CallRecordStats = {
  hits: number;
  misses: number;
  voids: number;
  open: number;
  /** Hits over hits and misses; null before either. */
  hitRate: number | null;
  /**
   * Brier scores (the mean squared gap between a forecast and what happened, 0 best) over the settled calls whose
   * crowd is known: the fan's forecast of their own call is 1, so theirs is the share they missed; the crowd's is its
   * odds at the lock. Null before there is one.
   */
  brier: { fan: number; crowd: number; calls: number } | null;
  /** The fan's hit rate by the crowd's odds at the lock, one bin per CALIBRATION_BIN_WIDTH of odds with a call in it. */
  calibration: CalibrationBin[];
};

/** The bin of the crowd's odds a call falls in: 0 for 0.1–0.2 up to 7 for 0.8–0.9 (the odds are clamped to 0.1–0.9). */
export function calibrationBin(crowd: number): number {
  const bins = Math.round((CALLER_CROWD_CLAMP.max - CALLER_CROWD_CLAMP.min) / CALIBRATION_BIN_WIDTH);
  const bin = Math.floor((crowd - CALLER_CROWD_CLAMP.min) / CALIBRATION_BIN_WIDTH + 1e-9);
  return Math.max(0, Math.min(bins - 1, bin));
}

export const binRange = (bin: number) => {
  const from = Math.round((CALLER_CROWD_CLAMP.min + bin * CALIBRATION_BIN_WIDTH) * 100) / 100;
  return { from, to: Math.round((from + CALIBRATION_BIN_WIDTH) * 100) / 100 };
};

/** A fan's record from their calls: counts, hit rate, Brier scores beside the crowd's, and calibration. */
export function callRecord(calls: readonly RecordedCall[]): CallRecordStats {
  let hits = 0;
  let misses = 0;
  let voids = 0;
  let open = 0;
  let fanSquares = 0;
  let crowdSquares = 0;
  let judged = 0;
  const bins = new Map<number, CalibrationBin>();
  for (const call of calls) {
    if (call.result === null) {
      open += 1;
      continue;
    }
    if (call.result === 'void') {
      voids += 1;
      continue;
    }
    const hit = call.result === 'hit';
    if (hit) hits += 1;
    else misses += 1;
    if (call.crowd === null) continue;
    const outcome = hit ? 1 : 0;
    judged += 1;
    fanSquares += (1 - outcome) ** 2;
    crowdSquares += (call.crowd - outcome) ** 2;
    const bin = calibrationBin(call.crowd);
    const entry = bins.get(bin) ?? { bin, ...binRange(bin), calls: 0, hits: 0 };
    entry.calls += 1;
    entry.hits += outcome;
    bins.set(bin, entry);
  }
  return {
    hits,
    misses,
    voids,
    open,
    hitRate: hits + misses === 0 ? null : hits / (hits + misses),
    brier: judged === 0 ? null : { fan: fanSquares / judged, crowd: crowdSquares / judged, calls: judged },
    calibration: [...bins.values()].sort((a, b) => a.bin - b.bin),
  };
}

/** "Settled — hidden until you watch": what a chip reads while the reader's spoiler shield covers its game. */
export const SHIELDED_RESULT_TEXT = 'settled — hidden until you watch';
export const RESULT_LABELS: Record<CallResult, string> = { hit: 'Hit', miss: 'Miss', void: 'Void' };
export const REASON_LABELS: Record<CallReason, string> = {
  played: '',
  'no-minutes': 'the player did not play',
  postponed: 'the game was not played within 14 days',
  cancelled: 'the game was cancelled',
  'no-box-score': 'no box score came in within 14 days',
  deleted: 'deleted after its lock',
  removed: 'removed by moderators',
};

/** How a call stands, in the words its chip shows: "Open", "Hit", "Miss", "Void: the game was cancelled". */
export function outcomeText(result: CallResult | 'hidden' | null, reason: CallReason | null): string {
  if (result === null) return 'Open';
  if (result === 'hidden') return SHIELDED_RESULT_TEXT;
  return `${RESULT_LABELS[result]}${result === 'void' && reason && REASON_LABELS[reason] ? `: ${REASON_LABELS[reason]}` : ''}`;
}
