import 'server-only';
import { dbConnect } from '@/lib/db';
import { cachedList, LIST_TAGS, LIST_TTL } from '@/lib/data/shared/list-cache';
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
};
export type PlayerDTO = { id: number; name: string; teamId: number | null; position: string; jersey: string };
export type TopicDTO = { id: string; name: string; description: string };

const toTeam = ({ _id, name, abbreviation, city, nickname, primaryColor, secondaryColor }: TeamRow): TeamDTO => ({
  id: _id,
  name,
  abbreviation,
  city,
  nickname,
  primaryColor,
  secondaryColor,
});
const toPlayer = ({ _id, name, teamId, position, jersey }: PlayerRow): PlayerDTO => ({
  id: _id,
  name,
  teamId: teamId ?? null,
  position,
  jersey,
});
const toTopic = ({ _id, name, description }: SpecialTopicRow): TopicDTO => ({ id: _id, name, description });

// Reference data changes only with a seed, so it is read through the data cache like the hot lists.
const reference = <T>(name: string, key: unknown[], read: () => Promise<T>) =>
  cachedList(name, key, [LIST_TAGS.reference], LIST_TTL.lists, async () => {
    await dbConnect();
    return read();
  });

export async function getTeam(id: number): Promise<TeamDTO | null> {
  const team = await reference('team', [id], () => Team.findById(id).lean<TeamRow>());
  return team ? toTeam(team) : null;
}

export async function getPlayer(id: number): Promise<PlayerDTO | null> {
  const player = await reference('player', [id], () => Player.findById(id).lean<PlayerRow>());
  return player ? toPlayer(player) : null;
}

export async function getTopic(id: string): Promise<TopicDTO | null> {
  const topic = await reference('topic', [id], () => SpecialTopic.findById(id).lean<SpecialTopicRow>());
  return topic ? toTopic(topic) : null;
}

/** The entity lists of docs/product.md#api, by name. */
export async function listPlayers(): Promise<Entity[]> {
  const rows = await reference('players', [], () =>
    Player.find({}).select({ name: 1 }).sort({ name: 1 }).lean<Pick<PlayerRow, '_id' | 'name'>[]>(),
  );
  return rows.map((r) => ({ id: r._id, name: r.name }));
}

export async function listTeams(): Promise<Entity[]> {
  const rows = await reference('teams', [], () =>
    Team.find({}).select({ name: 1 }).sort({ name: 1 }).lean<Pick<TeamRow, '_id' | 'name'>[]>(),
  );
  return rows.map((r) => ({ id: r._id, name: r.name }));
}

export async function listTopics(): Promise<Entity[]> {
  const rows = await reference('topics', [], () =>
    SpecialTopic.find({}).select({ name: 1 }).sort({ name: 1 }).lean<Pick<SpecialTopicRow, '_id' | 'name'>[]>(),
  );
  return rows.map((r) => ({ id: r._id, name: r.name }));
}
