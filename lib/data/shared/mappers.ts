import 'server-only';
import { FAN_SPLIT_MIN_FANS } from '@/lib/discovery/constants';
import { likePercentage } from '@/lib/discovery/ranking';
import { receiptFactsOf, receiptState } from '@/lib/receipts/receipts';
import type { ReceiptState } from '@/lib/validation/receipts';
import type { TakeCallDTO } from '@/lib/validation/calls';
import type { EntityRef, FanSplit, TagRef, TakeDTO } from '@/lib/validation/takes';
import type { Flair, PublicUser } from '@/lib/validation/users';
import type { TakeRow, UserRow } from '@/models';

/**
 * An author as lists carry them; deletingAt is set while their account is being deleted (they are then left out),
 * favoriteTeam and showFlair give the badge beside their name (flairOf).
 */
export type LeanUser = Pick<UserRow, '_id' | 'username' | 'profilePictureUrl' | 'deletingAt' | 'favoriteTeam' | 'showFlair'>;

/** The projection that reads a LeanUser. */
export const LEAN_USER_FIELDS = { username: 1, profilePictureUrl: 1, deletingAt: 1, favoriteTeam: 1, showFlair: 1 } as const;

/** Team ids to their short names ("Celtics"), as the directory (lib/data/shared/directory.ts) holds them. */
export type TeamNames = ReadonlyMap<number, string>;

/**
 * The badge beside a fan's name: their favourite team, unless they turned it off (a missing showFlair, from before
 * the switch existed, is on). A team no longer in the directory shows none.
 */
export function flairOf(user: Pick<UserRow, 'favoriteTeam' | 'showFlair'>, teams: TeamNames): Flair {
  const team = user.favoriteTeam;
  if (team == null || user.showFlair === false) return null;
  const name = teams.get(team);
  return name ? { team, name } : null;
}

/** Whether a user's account is being deleted: what they wrote is left out of every read meanwhile. */
export const isLeaving = (user: LeanUser | undefined): boolean => Boolean(user?.deletingAt);

/**
 * What the mapper needs beyond the take: the request's time, the short name of the take's team ("Celtics"), for a
 * player's take the team he was on when it was posted, and the teams' short names for its author's badge.
 */
export type TakeContext = {
  now: Date;
  fanTeamName: string | null;
  playerTeam: EntityRef | null;
  teams: TeamNames;
  /** Its call's chip, named (lib/data/calls/call-terms.ts toTakeCall); null for a take with none. */
  call: TakeCallDTO | null;
};

function toFanSplit(take: TakeRow, teamName: string | null): FanSplit | null {
  const fanLikes = take.fanLikes ?? 0;
  const fanDislikes = take.fanDislikes ?? 0;
  if (take.fanTeam == null || !teamName || fanLikes + fanDislikes < FAN_SPLIT_MIN_FANS) return null;
  return {
    team: take.fanTeam,
    teamName,
    fans: likePercentage(fanLikes, fanDislikes) ?? 0,
    everyone: likePercentage(take.likes, take.dislikes) ?? 0,
  };
}

function toReceipt(take: TakeRow, now: Date): ReceiptState | null {
  if (!take.checkBackAt) return null;
  return receiptState(receiptFactsOf({ ...take, checkBackAt: take.checkBackAt }), now);
}

/** `missing` names an author whose account is gone: Unknown User on a take, Anonymous on a comment (docs/product.md#messages). */
export function toPublicUser(user: LeanUser | undefined, teams: TeamNames, missing = 'Unknown User'): PublicUser {
  if (!user) return { _id: '', username: missing, profilePictureUrl: null, flair: null };
  return { _id: String(user._id), username: user.username, profilePictureUrl: user.profilePictureUrl ?? null, flair: flairOf(user, teams) };
}

export function toTakeDTO(
  take: TakeRow,
  author: LeanUser | undefined,
  entity: EntityRef,
  tagEntities: TagRef[],
  context: TakeContext,
): TakeDTO {
  return {
    _id: String(take._id),
    title: take.title,
    description: take.description,
    tags: (take.tags ?? []).filter((t): t is number | string => typeof t === 'number' || typeof t === 'string'),
    entityType: take.entityType,
    playerID: take.playerID ?? null,
    team: take.team ?? null,
    specialID: take.specialID ?? null,
    gameID: take.gameID ?? null,
    matchup: take.matchup ? { away: take.matchup.away, home: take.matchup.home } : null,
    namedTeams: take.namedTeams ?? (take.fanTeam == null ? [] : [take.fanTeam]),
    league: take.league ?? 'nba',
    createdBy: toPublicUser(author, context.teams),
    createdAt: take.createdAt.toISOString(),
    likes: take.likes,
    dislikes: take.dislikes,
    shares: take.shares,
    favorites: take.favorites ?? 0,
    commentsCount: take.commentsCount,
    score: take.score,
    popularity: take.popularity,
    wilson: take.wilson ?? 0,
    spice: take.spice ?? 0,
    entity,
    playerTeam: context.playerTeam,
    tagEntities,
    receipt: toReceipt(take, context.now),
    fanTeam: take.fanTeam ?? null,
    fanSplit: toFanSplit(take, context.fanTeamName),
    call: context.call,
  };
}
