import 'server-only';
import { isDeepStrictEqual } from 'node:util';
import { formatLeagueDay, lastMove, moveStints, type InactiveStatus } from '@/lib/league/league';
import type { BoxScoreRow, GameRow, PlayerRow, SpecialTopicRow, TeamRow } from '@/models';
import type { PlannedChange } from './league-batches';
import {
  gameFields,
  lineFields,
  lineId,
  playerFields,
  teamFields,
  topicFields,
  type GameFields,
  type LineFields,
  type PlayerFields,
  type TeamFields,
  type TopicFields,
} from './league-subjects';

/**
 * How a wanted state of a player, team, topic or game becomes a change to it: checked against the league as it is
 * (a move not dated before the last one, teams that exist, a final game's score), with the action it amounts to. The
 * console's operations and the importer's rows both plan through here; a problem names the field it is about.
 */
export type Planned = { change: PlannedChange | null } | { problem: { field: string; message: string } };

const problem = (field: string, message: string): Planned => ({ problem: { field, message } });

export type PlayerTarget = {
  name: string;
  position: string;
  jersey: string;
  team: number | null;
  status: PlayerRow['status'];
  /** The day of a move, or of joining the team for a player new to the league data; null: unknown, or now for a move. */
  since: Date | null;
};

/** Names the parts of the date the caller took it from: `since` in a file, `from` in the console. */
export type PlanContext = { at: Date; dateField: string; teamExists(id: number): boolean };

function playerAction(before: PlayerFields | null, after: PlayerFields): string {
  if (!before) return 'add';
  if (before.teamId !== after.teamId) {
    if (before.teamId !== null && after.teamId !== null) return 'trade';
    if (after.teamId !== null) return 'sign';
    return after.status === 'retired' ? 'retire' : after.status === 'waived' ? 'waive' : 'release';
  }
  if (before.status !== after.status) return after.status === 'retired' ? 'retire' : 'status';
  if (before.name !== after.name) return 'rename';
  return 'edit';
}

export function planPlayer(
  id: number,
  existing: PlayerRow | null,
  target: PlayerTarget,
  { at, dateField, teamExists }: PlanContext,
): Planned {
  if (target.team !== null && !teamExists(target.team)) return problem('team', `no team ${target.team} in the league`);
  if (target.status === 'active' && target.team === null) return problem('team', 'an active player needs a team');
  if (target.status !== 'active' && target.team !== null) return problem('team', `a ${target.status} player has no team`);
  if (target.since && target.since.getTime() > at.getTime()) return problem(dateField, `${formatLeagueDay(target.since)} is in the future`);
  const before = existing ? playerFields(existing) : null;
  let stints = before?.stints ?? [];
  if (!before) {
    stints = target.team === null ? [] : [{ team: target.team, from: target.since, to: null }];
  } else if (before.teamId !== target.team) {
    const day = target.since ?? at;
    const last = lastMove(before.stints);
    if (last && day.getTime() < last.getTime()) {
      return problem(dateField, `${formatLeagueDay(day)} is before his last move (${formatLeagueDay(last)})`);
    }
    stints = moveStints(before.stints, target.team, day);
  }
  const after: PlayerFields = {
    name: target.name,
    position: target.position,
    jersey: target.jersey,
    status: target.status,
    teamId: target.team,
    stints,
  };
  if (before && isDeepStrictEqual(before, after)) return { change: null };
  return {
    change: {
      subject: 'player',
      subjectId: id,
      action: playerAction(before, after),
      rev: existing?.rev ?? (existing ? 0 : null),
      before,
      after,
    },
  };
}

/** A player leaving his team (or a player with none changing his status): retired, waived or unsigned from `since`. */
export function inactiveTarget(existing: PlayerRow, status: InactiveStatus, since: Date): PlayerTarget {
  const fields = playerFields(existing);
  return { name: fields.name, position: fields.position, jersey: fields.jersey, team: null, status, since };
}

export type TeamTarget = Omit<TeamFields, 'formerNames'>;

const NAME_FIELDS = ['name', 'city', 'nickname', 'abbreviation'] as const;

/** A team; a new name, city, nickname or abbreviation keeps the old ones as a former name until `at`. */
export function planTeam(id: number, existing: TeamRow | null, target: TeamTarget, at: Date): Planned {
  const before = existing ? teamFields(existing) : null;
  if (!before)
    return { change: { subject: 'team', subjectId: id, action: 'add', rev: null, before, after: { ...target, formerNames: [] } } };
  const renamed = NAME_FIELDS.some((field) => before[field] !== target[field]);
  // A team renamed back to a name it had is called that now, not formerly: the entry under that name goes.
  const formerNames = renamed
    ? [
        ...before.formerNames,
        { name: before.name, city: before.city, nickname: before.nickname, abbreviation: before.abbreviation, until: at },
      ].filter((former) => former.name !== target.name)
    : before.formerNames;
  const after: TeamFields = { ...target, formerNames };
  if (isDeepStrictEqual(before, after)) return { change: null };
  return { change: { subject: 'team', subjectId: id, action: renamed ? 'rename' : 'edit', rev: existing?.rev ?? 0, before, after } };
}

export function planTopic(id: string, existing: SpecialTopicRow | null, target: TopicFields): Planned {
  const before = existing ? topicFields(existing) : null;
  if (before && isDeepStrictEqual(before, target)) return { change: null };
  const action = !before
    ? 'add'
    : before.open !== target.open
      ? target.open
        ? 'open'
        : 'close'
      : before.name !== target.name
        ? 'rename'
        : 'edit';
  return { change: { subject: 'topic', subjectId: id, action, rev: before ? (existing?.rev ?? 0) : null, before, after: target } };
}

/** A game: two different teams that exist, a score only once it has started, both scores (not level) once it is final. */
export function planGame(id: number, existing: GameRow | null, target: GameFields, teamExists: (id: number) => boolean): Planned {
  if (!teamExists(target.home)) return problem('home', `no team ${target.home} in the league`);
  if (!teamExists(target.away)) return problem('away', `no team ${target.away} in the league`);
  if (target.home === target.away) return problem('away', 'a team cannot play itself');
  const scored = target.homeScore !== null || target.awayScore !== null;
  if ((target.status === 'scheduled' || target.status === 'postponed' || target.status === 'cancelled') && scored)
    return problem('status', `a ${target.status} game has no score: make it live or final`);
  if (target.status === 'final' && (target.homeScore === null || target.awayScore === null))
    return problem(target.homeScore === null ? 'homeScore' : 'awayScore', 'a final game needs both scores');
  // Overtime is played until one side leads: a final level score is a typo, and calls would settle on it.
  if (target.status === 'final' && target.homeScore === target.awayScore) return problem('homeScore', 'a final game cannot end level');
  const before = existing ? gameFields(existing) : null;
  if (before && isDeepStrictEqual(before, target)) return { change: null };
  const moved =
    before && (before.tipoff.getTime() !== target.tipoff.getTime() || before.home !== target.home || before.away !== target.away);
  const scoredNow =
    before && (before.status !== target.status || before.homeScore !== target.homeScore || before.awayScore !== target.awayScore);
  const action = !before ? 'add' : moved ? 'move' : scoredNow ? 'score' : 'edit';
  return { change: { subject: 'game', subjectId: id, action, rev: before ? (existing?.rev ?? 0) : null, before, after: target } };
}

/** What a box score line is checked against: its game's teams (as stored, or as the same import adds them) and whether a player exists. */
export type LineContext = { gameTeams(id: number): { home: number; away: number } | null; playerExists(id: number): boolean };

/**
 * A player's line in a game's box score: a game on the schedule, a player of the league, a team that plays in the
 * game. Stats are as the league's box score has them; minutes 0 (or a line left out) is a player who did not play.
 */
export function planLine(existing: BoxScoreRow | null, target: LineFields, { gameTeams, playerExists }: LineContext): Planned {
  const teams = gameTeams(target.game);
  if (!teams) return problem('game', `no game ${target.game} on the schedule`);
  if (!playerExists(target.player)) return problem('player', `no player ${target.player} in the league: add him first`);
  if (target.team !== teams.home && target.team !== teams.away)
    return problem('team', `team ${target.team} does not play in that game (${teams.away} at ${teams.home})`);
  const before = existing ? lineFields(existing) : null;
  if (before && isDeepStrictEqual(before, target)) return { change: null };
  return {
    change: {
      subject: 'line',
      subjectId: lineId(target.game, target.player),
      action: before ? 'correct' : 'add',
      rev: before ? (existing?.rev ?? 0) : null,
      before,
      after: target,
    },
  };
}
