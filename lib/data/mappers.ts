import 'server-only';
import type { Types } from 'mongoose';
import type { EntityRef } from '@/lib/data/directory';

/** The author fields that leave the server with a take or comment (never an email). */
export type PublicUser = { _id: string; username: string; profilePictureUrl: string | null };

export type TakeDTO = {
  _id: string;
  title: string;
  description: string;
  tags: (number | string)[];
  entityType: 'player' | 'team' | 'special';
  playerID: number | null;
  team: number | null;
  specialID: string | null;
  league: string;
  createdBy: PublicUser;
  createdAt: string;
  likes: number;
  dislikes: number;
  shares: number;
  favorites: number;
  commentsCount: number;
  score: number;
  popularity: number;
  /** The focus, named (spec §3 leaves this to the client; naming it here keeps pages server-rendered). */
  entity: EntityRef;
  /** Tags other than the focus, named; unknown ids are left out. */
  tagEntities: EntityRef[];
};

export type LeanUser = { _id: Types.ObjectId; username: string; profilePictureUrl?: string | null };

export type LeanTake = {
  _id: Types.ObjectId;
  title: string;
  description: string;
  tags?: unknown[];
  entityType: 'player' | 'team' | 'special';
  playerID?: number | null;
  team?: number | null;
  specialID?: string | null;
  league?: string;
  createdBy: Types.ObjectId;
  createdAt: Date;
  likes: number;
  dislikes: number;
  shares: number;
  favorites: number;
  commentsCount: number;
  score: number;
  popularity: number;
};

export function toPublicUser(user: LeanUser | undefined): PublicUser {
  if (!user) return { _id: '', username: 'Unknown User', profilePictureUrl: null };
  return { _id: String(user._id), username: user.username, profilePictureUrl: user.profilePictureUrl ?? null };
}

export function toTakeDTO(take: LeanTake, author: LeanUser | undefined, entity: EntityRef, tagEntities: EntityRef[]): TakeDTO {
  return {
    _id: String(take._id),
    title: take.title,
    description: take.description,
    tags: (take.tags ?? []).filter((t): t is number | string => typeof t === 'number' || typeof t === 'string'),
    entityType: take.entityType,
    playerID: take.playerID ?? null,
    team: take.team ?? null,
    specialID: take.specialID ?? null,
    league: take.league ?? 'nba',
    createdBy: toPublicUser(author),
    createdAt: take.createdAt.toISOString(),
    likes: take.likes,
    dislikes: take.dislikes,
    shares: take.shares,
    favorites: take.favorites ?? 0,
    commentsCount: take.commentsCount,
    score: take.score,
    popularity: take.popularity,
    entity,
    tagEntities,
  };
}
