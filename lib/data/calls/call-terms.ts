import 'server-only';
import mongoose from 'mongoose';
import {
  type CallTerms,
  currentCallSeason,
  decideSeasonCall,
  describeCall,
  isRegularSeasonGame,
  outcomeText,
  isSeasonKind,
  regularSeasonEnd,
  seasonRecords,
} from '@/lib/calls/calls';
import { badRequest } from '@/lib/errors';
import { teamAt } from '@/lib/filters/fan-filters';
import { gameIdText } from '@/lib/league/league';
import { directory, type Directory } from '@/lib/data/shared/directory';
import { callTermsOf, type CallInput, type TakeCallDTO } from '@/lib/validation/calls';
import { Game, type GameRow } from '@/models';

/**
 * A new take's call checked against the league as it stands (docs/product.md#calls), before anything is written: a
 * game on the schedule that has not tipped off (a call locks then), a team that plays in it, a player on either team
 * that night; for a season, one the league calendar has and whose regular season has not ended, teams with games on
 * it, and a result the games played have not decided already. Each refusal is a 400 naming the field, as the
 * request's own schema does ("call.game: …").
 */

export type PreparedCall = { terms: CallTerms; teams: number[]; lockAt: Date };

const nickname = (dir: Directory, team: number) => dir.teamNicknames.get(team) ?? `team ${team}`;
const refuse = (field: string, reason: string) => badRequest(`call.${field}: ${reason}`);

type GameFacts = Pick<GameRow, '_id' | 'season' | 'status' | 'home' | 'away' | 'tipoff' | 'homeScore' | 'awayScore'>;

async function prepareGameCall(terms: CallTerms, dir: Directory, at: Date): Promise<PreparedCall> {
  const game = await Game.findById(terms.game).select({ season: 1, status: 1, home: 1, away: 1, tipoff: 1 }).lean<GameFacts>();
  if (!game) throw refuse('game', `no game ${gameIdText(terms.game!)} on the schedule`);
  const matchup = `${nickname(dir, game.away)} @ ${nickname(dir, game.home)}`;
  if (game.status === 'final') throw refuse('game', `${matchup} has finished: calls lock at tip-off`);
  if (game.status === 'cancelled') throw refuse('game', `${matchup} was cancelled`);
  if (game.status === 'postponed') throw refuse('game', `${matchup} is postponed: calls open again once it is rescheduled`);
  if (game.status === 'live' || at.getTime() >= game.tipoff.getTime()) throw refuse('game', `calls on ${matchup} locked at tip-off`);
  if ((terms.kind === 'win' || terms.kind === 'margin') && terms.team !== game.home && terms.team !== game.away)
    throw refuse('team', `the ${nickname(dir, terms.team!)} do not play in ${matchup}`);
  if (terms.kind === 'player') {
    const roster = dir.rosters.get(terms.player!);
    const name = dir.byKey.get(`player:${terms.player}`)?.name;
    if (!roster || !name) throw refuse('player', `no player ${terms.player} in the league`);
    // His team at tip-off as the league records it: a trade dated before the game moves him, one after does not.
    const team = teamAt(roster, game.tipoff);
    if (team !== game.home && team !== game.away) throw refuse('player', `${name} is not on either team in ${matchup}`);
  }
  return { terms: { ...terms, season: game.season }, teams: [game.away, game.home], lockAt: game.tipoff };
}

/** A season's window of games: from the July it starts in to the last day of its regular season. */
function seasonRange(season: string) {
  const end = regularSeasonEnd(season);
  return end ? { from: new Date(Date.UTC(Number(season.slice(0, 4)), 6, 1)), to: new Date(`${end}T23:59:59.999Z`) } : null;
}

async function prepareSeasonCall(terms: CallTerms, dir: Directory, at: Date): Promise<PreparedCall> {
  const season = terms.season ?? currentCallSeason(at);
  const range = season ? seasonRange(season) : null;
  if (!season || !range) throw refuse('season', `the league calendar has no ${terms.season ?? 'current'} season`);
  if (at.getTime() > range.to.getTime()) throw refuse('season', `the ${season} regular season is over`);
  const teams = [terms.team!, ...(terms.other === null ? [] : [terms.other])];
  for (const [field, team] of [
    ['team', terms.team!],
    ['other', terms.other],
  ] as const) {
    if (team !== null && !dir.teamNicknames.has(team)) throw refuse(field, `no team ${team} in the league`);
  }
  const tipoff = mongoose.trusted({ $gte: range.from, $lte: range.to });
  const games = (
    await Game.find({
      $or: [
        { home: mongoose.trusted({ $in: teams }), tipoff },
        { away: mongoose.trusted({ $in: teams }), tipoff },
      ],
    })
      .select({ season: 1, status: 1, home: 1, away: 1, tipoff: 1, homeScore: 1, awayScore: 1 })
      .lean<GameFacts[]>()
  ).filter((g) => g.season === season && isRegularSeasonGame(g._id));
  const records = seasonRecords(
    games.map((g) => ({ ...g, status: g.status ?? 'scheduled', homeScore: g.homeScore ?? null, awayScore: g.awayScore ?? null })),
    teams,
  );
  const first = games.length ? Math.min(...games.map((g) => g.tipoff.getTime())) : null;
  for (const team of teams) {
    if (!games.some((g) => g.home === team || g.away === team))
      throw refuse(team === terms.team ? 'team' : 'other', `the ${nickname(dir, team)} have no ${season} games on the schedule yet`);
  }
  const withSeason = { ...terms, season };
  if (decideSeasonCall(withSeason, records))
    throw refuse(terms.kind === 'season-wins' ? 'line' : 'team', 'the games played have decided it already');
  // A season call locks when its first game tips off; posted later, it locks as it is posted.
  return { terms: withSeason, teams, lockAt: new Date(Math.max(first ?? at.getTime(), at.getTime())) };
}

/** The call of a new take, checked against the league at `at`, with the teams it names and when it locks. */
export async function prepareCall(input: CallInput, at: Date): Promise<PreparedCall> {
  const terms = callTermsOf(input);
  const dir = await directory();
  return isSeasonKind(terms.kind) ? prepareSeasonCall(terms, dir, at) : prepareGameCall(terms, dir, at);
}

/** What a take's chip stores of its call (models/take.ts `call`): its terms and lock, open. */
export const chipOf = ({ terms, teams, lockAt }: PreparedCall) => ({
  ...terms,
  teams,
  lockAt,
  result: null,
  reason: null,
  settledAt: null,
  finalAt: null,
  basis: -1,
});

/** A stored chip (models/take.ts `call`) as its take's answer shows it, at `now`; names from the directory. */
export type StoredChip = CallTerms & {
  /** A game call's game's teams, away first (so its chip names the game with no query). */
  teams?: number[] | null;
  lockAt: Date;
  result?: string | null;
  reason?: string | null;
  settledAt?: Date | null;
  finalAt?: Date | null;
};

export function toTakeCall(chip: StoredChip, dir: Directory, now: Date): TakeCallDTO {
  const names = {
    team: (id: number) => nickname(dir, id),
    player: (id: number) => dir.byKey.get(`player:${id}`)?.name ?? 'Unknown Player',
  };
  const [away, home] = chip.teams ?? [];
  const context = isSeasonKind(chip.kind)
    ? `${(chip.season ?? '').replace('-', '–')} regular season`
    : away !== undefined && home !== undefined
      ? `${nickname(dir, away)} @ ${nickname(dir, home)}`
      : `Game ${gameIdText(chip.game ?? 0)}`;
  return {
    kind: chip.kind,
    text: describeCall(chip, names),
    context,
    game: chip.game ?? null,
    season: chip.season ?? null,
    team: chip.team ?? null,
    other: chip.other ?? null,
    player: chip.player ?? null,
    stat: chip.stat ?? null,
    side: chip.side ?? null,
    line: chip.line ?? null,
    lockAt: chip.lockAt.toISOString(),
    result: (chip.result as TakeCallDTO['result']) ?? null,
    reason: (chip.reason as TakeCallDTO['reason']) ?? null,
    outcome: outcomeText((chip.result as TakeCallDTO['result']) ?? null, (chip.reason as TakeCallDTO['reason']) ?? null),
    settledAt: chip.settledAt ? chip.settledAt.toISOString() : null,
    final: Boolean(chip.finalAt && chip.finalAt.getTime() <= now.getTime()),
  };
}
