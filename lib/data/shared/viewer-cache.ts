import 'server-only';
import type { Types } from 'mongoose';

/** What a reaction needs of its author: who, and the team the fan-base split counts them for. */
export type CachedViewer = { _id: Types.ObjectId; firebaseUID: string; favoriteTeam: number | null };

/**
 * Signed-in viewers as this process last looked them up, for a minute: a fan
 * tapping through the feed costs one user lookup, not one per tap. What may be
 * stale here is harmless: a favourite team changed through another instance
 * counts a reaction under the old team for at most that minute (the split is a
 * statistic, and a switched reaction keeps the team it was made with). Blocks
 * are not kept here: they travel with the content they protect (its
 * `blockedWith`, lib/data/people/blocks.ts), so every instance refuses a reaction
 * across one at once. An account being deleted is forgotten here, and every
 * other instance refuses its writes when its user actions, follows and votes are deleted.
 */
const TTL_MS = 60_000;
const LIMIT = 10_000;

const globalViewers = globalThis as typeof globalThis & { __takesViewers?: Map<string, { viewer: CachedViewer; until: number }> };
const viewers = (globalViewers.__takesViewers ??= new Map());

export function cachedViewer(uid: string): CachedViewer | undefined {
  const entry = viewers.get(uid);
  if (!entry) return undefined;
  if (entry.until > Date.now()) return entry.viewer;
  viewers.delete(uid);
  return undefined;
}

export function cacheViewer(viewer: CachedViewer): void {
  viewers.delete(viewer.firebaseUID);
  viewers.set(viewer.firebaseUID, { viewer, until: Date.now() + TTL_MS });
  if (viewers.size > LIMIT) viewers.delete(viewers.keys().next().value!);
}

export function forgetViewer(uid: string): void {
  viewers.delete(uid);
}
