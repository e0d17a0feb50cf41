import 'server-only';
import { isDeepStrictEqual } from 'node:util';
import type mongoose from 'mongoose';
import type { AnyModel } from '@/lib/data/shared/any-model';
import { toStints, type Stint } from '@/lib/league/league';
import { searchKeys } from '@/lib/discovery/search-keys';
import {
  BoxScore,
  type BoxScoreRow,
  Game,
  type GameRow,
  Player,
  type PlayerRow,
  SpecialTopic,
  type SpecialTopicRow,
  Team,
  type TeamRow,
} from '@/models';
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
/** A player's line in a game's box score (models/box-score.ts); its id is "<game>:<player>". */
export type LineFields = {
  game: number;
  player: number;
  team: number;
  minutes: number;
  points: number;
  rebounds: number;
  assists: number;
  threes: number;
};
export type SubjectFields = PlayerFields | TeamFields | TopicFields | GameFields | LineFields;

/** A box score line's subject id: the game's and the player's ids. */
export const lineId = (game: number, player: number) => `${game}:${player}`;

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

export const lineFields = (l: BoxScoreRow): LineFields => ({
  game: l.game,
  player: l.player,
  team: l.team,
  minutes: l.minutes ?? 0,
  points: l.points ?? 0,
  rebounds: l.rebounds ?? 0,
  assists: l.assists ?? 0,
  threes: l.threes ?? 0,
});

/** A league subject's model: the calls a change makes on any of them (lib/data/shared/any-model.ts), and its connection and collection for inserts. */
type SubjectModel = AnyModel & { db: mongoose.Connection; collection: mongoose.Collection };

export const SUBJECTS: Record<LeagueSubject, SubjectModel> = {
  player: Player,
  team: Team,
  topic: SpecialTopic,
  game: Game,
  line: BoxScore,
};

/** A subject as inserted: `_id` is the league's own id (a number, or a topic's or a line's slug), not an ObjectId. */
export type SubjectDocument = { _id: number | string };

/**
 * A subject's raw collection, typed by what is inserted on it (the driver's default document has an ObjectId `_id`).
 * The connection keeps one collection per name, so this is the model's own.
 */
export const subjectCollection = (subject: LeagueSubject) =>
  SUBJECTS[subject].db.collection<SubjectDocument>(SUBJECTS[subject].collection.collectionName);

/** Fields the data layer derives from the decided ones and writes with them: the name keys the console finds a player by. */
export function derivedFields(subject: LeagueSubject, after: SubjectFields): Record<string, unknown> {
  return subject === 'player' && 'name' in after ? { searchKeys: searchKeys(after.name) } : {};
}

/** A stored subject's league fields, as a change's `before` and `after` carry them. */
function fieldsOf(subject: LeagueSubject, row: Record<string, unknown>): SubjectFields {
  if (subject === 'player') return playerFields(row as PlayerRow);
  if (subject === 'team') return teamFields(row as TeamRow);
  if (subject === 'topic') return topicFields(row as SpecialTopicRow);
  if (subject === 'line') return lineFields(row as BoxScoreRow);
  return gameFields(row as GameRow);
}

/** Whether a stored subject holds exactly these fields (dates compared as instants, as the driver gives them back). */
export function holds(row: Record<string, unknown>, subject: LeagueSubject, fields: SubjectFields): boolean {
  return isDeepStrictEqual(fieldsOf(subject, row), fields);
}

/** The entity key of the takes about a subject, whose search keys follow its name. */
export function takesKeyOf(subject: LeagueSubject, id: number | string): string | null {
  return subject === 'player' ? `player:${id}` : subject === 'team' ? `team:${id}` : subject === 'topic' ? `special:${id}` : null;
}
