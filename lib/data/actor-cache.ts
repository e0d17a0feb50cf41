import 'server-only';
import type { Types } from 'mongoose';

/**
 * What a reaction needs of its author: who, the team the fan-base split counts
 * them for, and the fans a block stands between them and (either way), so a
 * fan with none reacts without a block check (lib/data/actions.ts).
 */
export type CachedActor = { _id: Types.ObjectId; firebaseUID: string; favoriteTeam: number | null; blockedWith: ReadonlySet<string> };

/**
 * Signed-in callers as this process last looked them up, for a minute: a fan
 * tapping through the feed costs one user lookup, not one per tap. Its
 * favourite team changes only through setFavoriteTeam, and its blocks only
 * through lib/data/blocks.ts, which forget it here (and deleting the account
 * forgets it too), so another instance counts a reaction under the old team,
 * or misses a block made elsewhere, for at most that minute.
 */
const TTL_MS = 60_000;
const LIMIT = 10_000;

const globalActors = globalThis as typeof globalThis & { __takesActors?: Map<string, { actor: CachedActor; until: number }> };
const actors = (globalActors.__takesActors ??= new Map());

export function cachedActor(uid: string): CachedActor | undefined {
  const entry = actors.get(uid);
  if (!entry) return undefined;
  if (entry.until > Date.now()) return entry.actor;
  actors.delete(uid);
  return undefined;
}

export function cacheActor(actor: CachedActor): void {
  actors.delete(actor.firebaseUID);
  actors.set(actor.firebaseUID, { actor, until: Date.now() + TTL_MS });
  if (actors.size > LIMIT) actors.delete(actors.keys().next().value!);
}

export function forgetActor(uid: string): void {
  actors.delete(uid);
}

/** Forgets the fans with these ids (a block between them was made or undone). */
export function forgetActorsById(ids: string[]): void {
  for (const [uid, { actor }] of actors) if (ids.includes(String(actor._id))) actors.delete(uid);
}
