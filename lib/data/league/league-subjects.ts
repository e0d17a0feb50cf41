import 'server-only';
import { isDeepStrictEqual } from 'node:util';
import type { Model } from 'mongoose';
import { toStints, type Stint } from '@/lib/league';
import { searchKeys } from '@/lib/search-keys';
import { Game, type GameRow, Player, type PlayerRow, SpecialTopic, type SpecialTopicRow, Team, type TeamRow } from '@/models';
import type { LeagueSubject } from '@/models/league-change';

/**
 * What a league change sets on its subject: the fields an operator or an import decides, as a change's `before` and
 * `after` carry them (models/league-batch.ts). Revisions, search keys and ids are the data layer's own.
 */
export type PlayerFields = {
  name: string;
  position: string;
  jersey: string;
  status: PlayerRow['status'];
  teamId: number | null;
  stints: Stint[];
};
export type FormerName = { name: string; city: string; nickname: string; abbreviation: string; until: Date };
export type TeamFields = {
  name: string;
  city: string;
  nickname: string;
  abbreviation: string;
  conference: 'East' | 'West';
  primaryColor: string;
  secondaryColor: string;
  formerNames: FormerName[];
};
export type TopicFields = { name: string; description: string; open: boolean };
export type GameFields = {
  season: string;
  home: number;
  away: number;
  tipoff: Date;
  status: GameRow['status'];
  homeScore: number | null;
  awayScore: number | null;
};
export type SubjectFields = PlayerFields | TeamFields | TopicFields | GameFields;

export const playerFields = (p: PlayerRow): PlayerFields => ({
  name: p.name,
  position: p.position ?? '',
  jersey: p.jersey ?? '',
  status: p.status ?? 'active',
  teamId: p.teamId ?? null,
  stints: toStints(p.stints),
});

export const teamFields = (t: TeamRow): TeamFields => ({
  name: t.name,
  city: t.city,
  nickname: t.nickname,
  abbreviation: t.abbreviation,
  conference: t.conference,
  primaryColor: t.primaryColor,
  secondaryColor: t.secondaryColor,
  formerNames: (t.formerNames ?? []).map((f) => ({
    name: f.name,
    city: f.city,
    nickname: f.nickname,
    abbreviation: f.abbreviation,
    until: f.until,
  })),
});

export const topicFields = (t: SpecialTopicRow): TopicFields => ({
  name: t.name,
  description: t.description ?? '',
  open: t.open !== false,
});

export const gameFields = (g: GameRow): GameFields => ({
  season: g.season,
  home: g.home,
  away: g.away,
  tipoff: g.tipoff,
  status: g.status ?? 'scheduled',
  homeScore: g.homeScore ?? null,
  awayScore: g.awayScore ?? null,
});

type SubjectSpec = {
  model: Model<never>;
  fields: (row: never) => SubjectFields;
  /** Fields the data layer derives from the decided ones, written with them. */
  derived?: (after: SubjectFields) => Record<string, unknown>;
};

export const SUBJECTS: Record<LeagueSubject, SubjectSpec> = {
  player: {
    model: Player as unknown as Model<never>,
    fields: playerFields as (row: never) => SubjectFields,
    derived: (after) => ({ searchKeys: searchKeys((after as PlayerFields).name) }),
  },
  team: { model: Team as unknown as Model<never>, fields: teamFields as (row: never) => SubjectFields },
  topic: { model: SpecialTopic as unknown as Model<never>, fields: topicFields as (row: never) => SubjectFields },
  game: { model: Game as unknown as Model<never>, fields: gameFields as (row: never) => SubjectFields },
};

/** Whether a stored subject holds exactly these fields (dates compared as instants, as the driver gives them back). */
export function holds(row: Record<string, unknown>, subject: LeagueSubject, fields: SubjectFields): boolean {
  return isDeepStrictEqual(SUBJECTS[subject].fields(row as never), fields);
}

/** The entity key of the takes about a subject, whose search keys follow its name. */
export function takesKeyOf(subject: LeagueSubject, id: number | string): string | null {
  return subject === 'player' ? `player:${id}` : subject === 'team' ? `team:${id}` : subject === 'topic' ? `special:${id}` : null;
}
