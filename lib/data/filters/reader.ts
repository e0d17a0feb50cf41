import 'server-only';
import { cache } from 'react';
import { optionalIdentity, type Identity } from '@/lib/auth';
import { now } from '@/lib/clock';
import { dbConnect } from '@/lib/db';
import { directory, focusRef, gameRef, tagRef } from '@/lib/data/shared/directory';
import { hiddenAuthorsFor } from '@/lib/data/visibility/block-facts';
import { shieldedAt, shieldsGame, type ShieldRow } from '@/lib/data/filters/shield-games';
import {
  asOpened,
  filtersAnything,
  judgeComment,
  judgeTake,
  matchText,
  NO_FILTERS,
  teamAt,
  type CommentSubject,
  type FanFilters,
  type SubjectRule,
  type TakeSubject,
  type Judgement,
} from '@/lib/filters/fan-filters';
import type { FocusType } from '@/lib/league/entities';
import { MuteRule, type MuteRuleRow, SpoilerShield, type TakeRow, User, type UserRow } from '@/models';

/**
 * The one step every list takes for its reader (docs/product.md#filters): the lists are read through the shared
 * data cache as for anyone, then each item is judged here against the reader's own filters (muted words, players
 * and teams, the spoiler shield) and the fans hidden from them (blocks and mutes of fans), and left out, collapsed or
 * shown. Game threads and any list added later call it the same way.
 */

type Directory = Awaited<ReturnType<typeof directory>>;

/** A take as the filters read it: what the stored take and its DTO both carry. */
export type TakeLike = {
  createdBy: { _id: string } | string | { toString(): string };
  createdAt: Date | string;
  title: string;
  description: string;
  entityType: FocusType;
  playerID?: number | null;
  team?: number | null;
  specialID?: string | null;
  tags?: unknown[] | null;
  fanTeam?: number | null;
  /** A take filed on a game: that game; its thread is shielded whenever it was posted. */
  gameID?: number | null;
  /** A take on a game: its teams, which name it ("Celtics @ Lakers") as its card does. */
  matchup?: { away: number; home: number } | null;
  /** The teams the take named when it was posted, where the take stores them beside its focus and tags. */
  namedTeams?: number[] | null;
};

/** What a stored take is judged by, as a read of takes by id projects it (a notification's, a thread's). */
export const SUBJECT_FIELDS = {
  createdBy: 1,
  createdAt: 1,
  title: 1,
  description: 1,
  entityType: 1,
  playerID: 1,
  team: 1,
  specialID: 1,
  tags: 1,
  fanTeam: 1,
  gameID: 1,
  matchup: 1,
  namedTeams: 1,
} as const;
export type StoredSubject = Pick<TakeRow, '_id' | keyof typeof SUBJECT_FIELDS>;

export type Reader = {
  /** The reader's user id; null for a visitor, whom nothing filters. */
  viewer: string | null;
  filters: FanFilters;
  /** Whether anything could be left out or collapsed; lists skip their work when not. */
  active: boolean;
  take(take: TakeLike): Judgement;
  /** A take opened on its own (its page): what a list would leave out asks first instead (asOpened). */
  opened(take: TakeLike): Judgement;
  comment(comment: CommentSubject, thread: TakeLike | null): Judgement;
  /** Whether their spoiler shield covers the game at some time, now or from its tip-off (shieldsGame). */
  shields(game: { id: number; home: number; away: number }): boolean;
};

/** The author's id, from a DTO's author or a stored ObjectId (which carries an `_id` of itself). */
const authorOf = (take: TakeLike) =>
  String(typeof take.createdBy === 'object' && take.createdBy !== null && '_id' in take.createdBy ? take.createdBy._id : take.createdBy);

/**
 * What a take is about: its focus and tags, and the teams its players were on when it was posted (the focus
 * player's as the take stored it, a tagged player's from his stints), so a muted team or a shielded game catches
 * takes about its players, under any title, before and after a trade.
 */
function subjectOf(take: TakeLike, dir: Directory): TakeSubject {
  const createdAt = new Date(take.createdAt);
  const focusId = take.entityType === 'player' ? take.playerID : take.entityType === 'team' ? take.team : take.specialID;
  const focus =
    take.entityType === 'game' ? gameRef(dir, take.gameID ?? null, take.matchup ?? null) : focusRef(dir, take.entityType, focusId ?? null);
  const tags = (take.tags ?? [])
    .filter((tag): tag is number | string => (typeof tag === 'number' || typeof tag === 'string') && tag !== focusId)
    .map((tag) => tagRef(dir, tag));
  const players: number[] = [];
  const teams = new Set<number>();
  if (take.entityType === 'player' && typeof focusId === 'number') players.push(focusId);
  if (take.entityType === 'team' && typeof focusId === 'number') teams.add(focusId);
  if (take.fanTeam != null) teams.add(take.fanTeam);
  if (take.matchup) teams.add(take.matchup.away).add(take.matchup.home);
  for (const team of take.namedTeams ?? []) teams.add(team);
  for (const tag of tags) {
    if (typeof tag.id !== 'number') continue;
    if (tag.type === 'team') teams.add(tag.id);
    if (tag.type !== 'player') continue;
    players.push(tag.id);
    const roster = dir.rosters.get(tag.id);
    const team = roster ? teamAt(roster, createdAt) : null;
    if (team !== null) teams.add(team);
  }
  return {
    author: authorOf(take),
    createdAt,
    text: matchText(take.title, take.description, focus.name, ...tags.map((t) => t.name)),
    players,
    teams: [...teams],
    game: take.gameID ?? null,
  };
}

function readerOf(viewer: string | null, filters: FanFilters, dir: Directory, shields: ShieldRow[] = []): Reader {
  const subject = (take: TakeLike) => subjectOf(take, dir);
  return {
    shields: (game) => shieldsGame(shields, game),
    viewer,
    filters,
    active: filtersAnything(filters),
    take: (take) => judgeTake(filters, subject(take)),
    opened: (take) => judgeTake(asOpened(filters), subject(take)),
    comment: (comment, thread) => judgeComment(filters, comment, thread ? subject(thread) : null),
  };
}

type RuleRow = Pick<MuteRuleRow, 'kind' | 'key' | 'word' | 'action' | 'expiresAt'>;

/** The rules still running at `at`, as the judge reads them; players and teams named from the directory. */
function rulesOf(rows: RuleRow[], at: Date, dir: Directory): Pick<FanFilters, 'words' | 'players' | 'teams'> {
  const live = rows.filter((r) => !r.expiresAt || r.expiresAt.getTime() > at.getTime());
  const subjects = (kind: 'player' | 'team') =>
    new Map<number, SubjectRule>(
      live
        .filter((r) => r.kind === kind)
        .map((r) => [Number(r.key), { label: focusRef(dir, kind, Number(r.key)).name, action: r.action }] as const),
    );
  return {
    words: live.filter((r) => r.kind === 'word').map((r) => ({ key: r.key, label: r.word ?? r.key, action: r.action })),
    players: subjects('player'),
    teams: subjects('team'),
  };
}

/**
 * The reader's filters as they stand at the request's time (lib/clock.ts): three small reads on the fan's own
 * indexes, side by side (the fans hidden from them, their mute rules, their shield), and one of games when they
 * shield any. Shared by everything one page render asks (`cache`); nothing is kept between requests, so a change
 * shows on the next read on every instance.
 */
export const readerFor = cache(async (viewer: string | null): Promise<Reader> => {
  const dir = await directory();
  if (!viewer) return readerOf(null, NO_FILTERS, dir);
  await dbConnect();
  const [at, hiddenAuthors, rules, shields] = await Promise.all([
    now(),
    hiddenAuthorsFor(viewer),
    MuteRule.find({ user: viewer }).select({ kind: 1, key: 1, word: 1, action: 1, expiresAt: 1 }).lean<RuleRow[]>(),
    SpoilerShield.find({ user: viewer }).select({ kind: 1, target: 1, hours: 1 }).lean<ShieldRow[]>(),
  ]);
  const shielded = await shieldedAt(shields, at, dir);
  return readerOf(viewer, { viewer, hiddenAuthors, ...rulesOf(rules, at, dir), shielded }, dir, shields);
});

/** The reader of an API request with a verified identity (null: a visitor, or an account without a username yet). */
export async function readerForViewer(identity: Identity | null): Promise<Reader> {
  if (!identity) return readerFor(null);
  await dbConnect();
  const user = await User.findOne({ firebaseUID: identity.uid }).select({ _id: 1 }).lean<Pick<UserRow, '_id'>>();
  return readerFor(user ? String(user._id) : null);
}

/** The reader of an API request: every list answered with a bearer token is filtered for its viewer. */
export async function readerForRequest(request: Request): Promise<Reader> {
  return readerForViewer(await optionalIdentity(request));
}
