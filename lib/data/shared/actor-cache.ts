import 'server-only';
import type { Types } from 'mongoose';

/** What a reaction needs of its author: who, and the team the fan-base split counts them for. */
export type CachedActor = { _id: Types.ObjectId; firebaseUID: string; favoriteTeam: number | null };

/**
 * Signed-in callers as this process last looked them up, for a minute: a fan
 * tapping through the feed costs one user lookup, not one per tap. What may be
 * stale here is harmless: a favourite team changed through another instance
 * counts a reaction under the old team for at most that minute (the split is a
 * statistic, and a switched reaction keeps the team it was made with). Blocks
 * are not kept here: they travel with the content they protect (its
 * `blockedWith`, lib/data/people/blocks.ts), so every instance refuses a reaction
 * across one at once. An account being deleted is forgotten here, and every
 * other instance refuses its writes when its facts are retracted.
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
