import 'server-only';
import { FALLBACK_LABELS } from '@/lib/format/fallback-labels';
import { dbConnect } from '@/lib/db';
import type { EntityType } from '@/lib/league/entities';
import { toStints } from '@/lib/league/league';
import { leagueVersion } from '@/lib/data/shared/league-version';
import type { Roster } from '@/lib/filters/fan-filters';
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
};

/** What a matchup shows of a team. */
export type TeamInfo = Pick<TeamRow, 'name' | 'nickname' | 'abbreviation' | 'primaryColor'> & { id: number };

// Players, teams and topics change rarely (a trade, a rename, a new topic): one load per process names every take's
// focus and tags with no query per take. It is read again when the league's version moves (within about a second of
// a change on any instance: lib/data/shared/league-version.ts), and every few minutes besides. An empty league is
// never kept: a process reads the league only after its start-up has loaded it (instrumentation.ts), and one that
// found none asks again next time.
const TTL_MS = 5 * 60 * 1000;
/** The directory being read or read, for one league version. */
type Entry = { version: number; startedAt: number; directory: Promise<Directory> };
const globalDirectory = globalThis as typeof globalThis & { __takesDirectoryEntry?: Entry };

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
    rosters: new Map(players.map((p) => [p._id, { teamId: p.teamId ?? null, stints: toStints(p.stints) }])),
  };
}

export async function directory(): Promise<Directory> {
  const version = await leagueVersion();
  const entry = globalDirectory.__takesDirectoryEntry;
  // Requests that find it current share its read, in flight or done; a read that failed, or found no league, is made again.
  if (entry && entry.version === version && Date.now() - entry.startedAt < TTL_MS) {
    const loaded = await entry.directory.catch(() => null);
    if (loaded && loaded.byKey.size > 0) return loaded;
  }
  const fresh: Entry = { version, startedAt: Date.now(), directory: load() };
  globalDirectory.__takesDirectoryEntry = fresh;
  return fresh.directory;
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
