import 'server-only';
import { FALLBACK_LABELS } from '@/lib/constants';
import { dbConnect } from '@/lib/db';
import type { EntityType } from '@/lib/entities';
import type { Roster } from '@/lib/fan-filters';
import type { EntityRef, TagRef } from '@/lib/validation/takes';
import { Player, type PlayerRow, SpecialTopic, type SpecialTopicRow, Team, type TeamRow } from '@/models';

/** A player, team or topic by name. */
type Named = EntityRef & { type: EntityType };

/**
 * byKey names every entity; teamNicknames has the short team names of the fan-base split ("Celtics fans"), of a
 * game ("Celtics @ Lakers") and of a fan's badge; rosters has each player's team and stints, so a fan's muted teams
 * and spoiler shield catch takes about his players (lib/data/filters/).
 */
export type Directory = {
  byKey: Map<string, Named>;
  teamNicknames: Map<number, string>;
  teams: Map<number, TeamInfo>;
  rosters: Map<number, Roster>;
  loadedAt: number;
};

/** What a matchup shows of a team. */
export type TeamInfo = Pick<TeamRow, 'name' | 'nickname' | 'abbreviation' | 'primaryColor'> & { id: number };

// Players, teams and topics change rarely (a trade, a new topic): one load per process every few minutes names every
// take's focus and tags with no query per take, at most 5 minutes late. An empty league is never kept: a process reads
// the league only after its start-up has loaded it (instrumentation.ts), and one that found none asks again next time.
const TTL_MS = 5 * 60 * 1000;
const globalDirectory = globalThis as typeof globalThis & { __takesDirectory?: Promise<Directory> };

async function load(): Promise<Directory> {
  await dbConnect();
  const [players, teams, topics] = await Promise.all([
    Player.find({}).select({ name: 1, teamId: 1, stints: 1 }).lean<Pick<PlayerRow, '_id' | 'name' | 'teamId' | 'stints'>[]>(),
    Team.find({})
      .select({ name: 1, nickname: 1, abbreviation: 1, primaryColor: 1 })
      .lean<Pick<TeamRow, '_id' | 'name' | 'nickname' | 'abbreviation' | 'primaryColor'>[]>(),
    SpecialTopic.find({}).select({ name: 1 }).lean<Pick<SpecialTopicRow, '_id' | 'name'>[]>(),
  ]);
  const byKey = new Map<string, Named>();
  for (const p of players) byKey.set(`player:${p._id}`, { type: 'player', id: p._id, name: p.name });
  for (const t of teams) byKey.set(`team:${t._id}`, { type: 'team', id: t._id, name: t.name });
  for (const s of topics) byKey.set(`special:${s._id}`, { type: 'special', id: s._id, name: s.name });
  return {
    byKey,
    teamNicknames: new Map(teams.map((t) => [t._id, t.nickname])),
    teams: new Map(teams.map(({ _id, ...t }) => [_id, { id: _id, ...t }])),
    rosters: new Map(
      players.map((p) => [
        p._id,
        { teamId: p.teamId ?? null, stints: (p.stints ?? []).map((s) => ({ team: s.team, from: s.from, to: s.to ?? null })) },
      ]),
    ),
    loadedAt: Date.now(),
  };
}

export async function directory(): Promise<Directory> {
  const current = await globalDirectory.__takesDirectory?.catch(() => undefined);
  if (current && current.byKey.size > 0 && Date.now() - current.loadedAt < TTL_MS) return current;
  globalDirectory.__takesDirectory = load();
  return globalDirectory.__takesDirectory;
}

/** Names a take's focus; the fallbacks of docs/product.md#messages when the entity is unknown. */
export function focusRef(dir: Directory, type: EntityType, id: number | string | null): EntityRef {
  const found = dir.byKey.get(`${type}:${id}`);
  if (found) return found;
  const fallback = type === 'player' ? 'Unknown Player' : type === 'team' ? 'Unknown Team' : 'Special Topic';
  return { type, id: id ?? '', name: fallback };
}

/** Names a game by its teams, away first: "Celtics @ Lakers" (docs/product.md#game-day). */
export function gameName(dir: Directory, matchup: { away: number; home: number }): string {
  const nickname = (team: number) => dir.teamNicknames.get(team) ?? 'Unknown Team';
  return `${nickname(matchup.away)} @ ${nickname(matchup.home)}`;
}

/** Names a take's game, from the teams the take keeps (no query); a take whose game lost its teams reads "Game". */
export function gameRef(dir: Directory, gameID: number | null, matchup: { away: number; home: number } | null): EntityRef {
  return { type: 'game', id: gameID ?? '', name: matchup ? gameName(dir, matchup) : 'Game' };
}

/** Names a tag: numbers are players or teams, strings are topics. */
export function tagRef(dir: Directory, tag: number | string): TagRef {
  const found =
    typeof tag === 'string' ? dir.byKey.get(`special:${tag}`) : (dir.byKey.get(`player:${tag}`) ?? dir.byKey.get(`team:${tag}`));
  return found ?? { type: null, id: tag, name: FALLBACK_LABELS.tag };
}
