import 'server-only';
import { dbConnect } from '@/lib/db';
import { cachedList, LIST_TAGS, LIST_TTL } from '@/lib/data/list-cache';
import type { Entity } from '@/lib/validation/takes';
import { Player, SpecialTopic, Team } from '@/models';

export type TeamDTO = { id: number; name: string; abbreviation: string; city: string; nickname: string; primaryColor: string; secondaryColor: string };
export type PlayerDTO = { id: number; name: string; teamId: number | null; position: string; jersey: string };
export type TopicDTO = { id: string; name: string; description: string };

type LeanTeam = Omit<TeamDTO, 'id'> & { _id: number };
type LeanPlayer = Omit<PlayerDTO, 'id'> & { _id: number };
type LeanTopic = Omit<TopicDTO, 'id'> & { _id: string };

const toTeam = ({ _id, name, abbreviation, city, nickname, primaryColor, secondaryColor }: LeanTeam): TeamDTO => ({
  id: _id, name, abbreviation, city, nickname, primaryColor, secondaryColor,
});
const toPlayer = ({ _id, name, teamId, position, jersey }: LeanPlayer): PlayerDTO => ({ id: _id, name, teamId: teamId ?? null, position, jersey });
const toTopic = ({ _id, name, description }: LeanTopic): TopicDTO => ({ id: _id, name, description });

// Reference data changes only with a seed, so it is read through the data cache like the hot lists.
const reference = <T>(name: string, key: unknown[], read: () => Promise<T>) =>
  cachedList(name, key, [LIST_TAGS.reference], LIST_TTL.lists, async () => {
    await dbConnect();
    return read();
  });

export async function getTeam(id: number): Promise<TeamDTO | null> {
  const team = await reference('team', [id], () => Team.findById(id).lean<LeanTeam>());
  return team ? toTeam(team) : null;
}

export async function getPlayer(id: number): Promise<PlayerDTO | null> {
  const player = await reference('player', [id], () => Player.findById(id).lean<LeanPlayer>());
  return player ? toPlayer(player) : null;
}

export async function getTopic(id: string): Promise<TopicDTO | null> {
  const topic = await reference('topic', [id], () => SpecialTopic.findById(id).lean<LeanTopic>());
  return topic ? toTopic(topic) : null;
}

/** The entity lists of spec §7, by name. */
export async function listPlayers(): Promise<Entity[]> {
  const rows = await reference('players', [], () => Player.find({}).select({ name: 1 }).sort({ name: 1 }).lean<{ _id: number; name: string }[]>());
  return rows.map((r) => ({ id: r._id, name: r.name }));
}

export async function listTeams(): Promise<Entity[]> {
  const rows = await reference('teams', [], () => Team.find({}).select({ name: 1 }).sort({ name: 1 }).lean<{ _id: number; name: string }[]>());
  return rows.map((r) => ({ id: r._id, name: r.name }));
}

export async function listTopics(): Promise<Entity[]> {
  const rows = await reference('topics', [], () => SpecialTopic.find({}).select({ name: 1 }).sort({ name: 1 }).lean<{ _id: string; name: string }[]>());
  return rows.map((r) => ({ id: r._id, name: r.name }));
}
