import 'server-only';
import { dbConnect } from '@/lib/db';
import { leagueVersion } from '@/lib/data/shared/league-version';
import { cachedList, LIST_TAGS, LIST_TTL, unstored } from '@/lib/data/shared/list-cache';
import { toStints, type Stint } from '@/lib/league/league';
import type { Entity } from '@/lib/validation/takes';
import { Player, type PlayerRow, SpecialTopic, type SpecialTopicRow, Team, type TeamRow } from '@/models';

export type TeamDTO = {
  id: number;
  name: string;
  abbreviation: string;
  city: string;
  nickname: string;
  primaryColor: string;
  secondaryColor: string;
  /** What it was called before its rebrands, most recent first. */
  formerNames: string[];
};
export type PlayerDTO = {
  id: number;
  name: string;
  teamId: number | null;
  position: string;
  jersey: string;
  status: PlayerRow['status'];
  stints: Stint[];
};
export type TopicDTO = { id: string; name: string; description: string; open: boolean };

/**
 * The names a team had, newest first, without the one it has: a team renamed back before lib/data/league/league-plan.ts
 * dropped that entry may still store it.
 */
const formerNamesOf = ({ name, formerNames }: Pick<TeamRow, 'name' | 'formerNames'>): string[] =>
  (formerNames ?? [])
    .map((f) => f.name)
    .filter((former) => former !== name)
    .reverse();

const toTeam = ({ _id, name, abbreviation, city, nickname, primaryColor, secondaryColor, formerNames }: TeamRow): TeamDTO => ({
  id: _id,
  name,
  abbreviation,
  city,
  nickname,
  primaryColor,
  secondaryColor,
  formerNames: formerNamesOf({ name, formerNames }),
});
const toPlayer = ({ _id, name, teamId, position, jersey, status, stints }: PlayerRow): PlayerDTO => ({
  id: _id,
  name,
  teamId: teamId ?? null,
  position,
  jersey,
  status: status ?? 'active',
  stints: toStints(stints),
});
const toTopic = ({ _id, name, description, open }: SpecialTopicRow): TopicDTO => ({ id: _id, name, description, open: open !== false });

/**
 * Reference data changes with the league (a trade, a rename, a topic closed), so it is read through the data cache
 * under the league's version (lib/data/shared/league-version.ts): a change anywhere is read here within a second,
 * whichever cache handler the instances share. An id that names nothing is not kept (`found`), so made-up ids add no
 * entries.
 */
const reference = async <T>(name: string, key: unknown[], read: () => Promise<T>) =>
  cachedList(name, [await leagueVersion(), ...key], [LIST_TAGS.reference], LIST_TTL.lists, async () => {
    await dbConnect();
    return read();
  });

const found = <T>(row: T | null): T => row ?? unstored(null);

export async function getTeam(id: number): Promise<TeamDTO | null> {
  const team = await reference('team', [id], async () => found(await Team.findById(id).lean<TeamRow>()));
  return team ? toTeam(team) : null;
}

export async function getPlayer(id: number): Promise<PlayerDTO | null> {
  const player = await reference('player', [id], async () => found(await Player.findById(id).lean<PlayerRow>()));
  return player ? toPlayer(player) : null;
}

export async function getTopic(id: string): Promise<TopicDTO | null> {
  const topic = await reference('topic', [id], async () => found(await SpecialTopic.findById(id).lean<SpecialTopicRow>()));
  return topic ? toTopic(topic) : null;
}

/** The entity lists of docs/product.md#api, by name. Players not active are marked: the composer does not offer them. */
export async function listPlayers(): Promise<Entity[]> {
  const rows = await reference('players', [], () =>
    Player.find({}).select({ name: 1, status: 1 }).sort({ name: 1 }).lean<Pick<PlayerRow, '_id' | 'name' | 'status'>[]>(),
  );
  return rows.map((r) => ({ id: r._id, name: r.name, ...(r.status && r.status !== 'active' ? { inactive: true } : {}) }));
}

/** Teams with the names they had before a rebrand, so search finds them by those too. */
export async function listTeams(): Promise<Entity[]> {
  const rows = await reference('teams', [], () =>
    Team.find({}).select({ name: 1, formerNames: 1 }).sort({ name: 1 }).lean<Pick<TeamRow, '_id' | 'name' | 'formerNames'>[]>(),
  );
  return rows.map((r) => {
    const formerNames = formerNamesOf(r);
    return { id: r._id, name: r.name, ...(formerNames.length ? { formerNames } : {}) };
  });
}

/** Topics; a closed one is marked: it keeps its page and takes no new ones. */
export async function listTopics(): Promise<Entity[]> {
  const rows = await reference('topics', [], () =>
    SpecialTopic.find({}).select({ name: 1, open: 1 }).sort({ name: 1 }).lean<Pick<SpecialTopicRow, '_id' | 'name' | 'open'>[]>(),
  );
  return rows.map((r) => ({ id: r._id, name: r.name, ...(r.open === false ? { closed: true } : {}) }));
}
