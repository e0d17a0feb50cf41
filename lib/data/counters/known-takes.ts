import 'server-only';
import type { Types } from 'mongoose';

/**
 * What this process last saw of a take: its counts, and the fields a reaction
 * needs that never change after posting. A reaction computes the ranking keys
 * it leads to from these and writes them in the same command as its $inc
 * (lib/data/counters/counters.ts); the command's answer says whether the guess held,
 * so a stale entry costs one more command, never a wrong score.
 */
/** A take's counters (lib/data/counters/counters.ts moves them): defined here, below both, so neither imports the other. */
export type TakeCounter = 'likes' | 'dislikes' | 'shares' | 'favorites' | 'commentsCount';
export type TakeCounts = Record<TakeCounter, number>;

export type KnownTake = TakeCounts & { createdAt: Date; fanTeam: number | null };

type Seen = TakeCounts & { _id: Types.ObjectId | string; createdAt: Date | string; fanTeam?: number | null };

/** About 2 MB at most: the takes fans are reacting to are a small, recent set. */
const LIMIT = 10_000;

const globalKnown = globalThis as typeof globalThis & { __takesKnown?: Map<string, KnownTake> };
const known = (globalKnown.__takesKnown ??= new Map<string, KnownTake>());

export function knownTake(id: string): KnownTake | undefined {
  return known.get(id);
}

/** Remembers a take as just read or written; the least recently seen go first. */
export function rememberTake(take: Seen): void {
  const id = String(take._id);
  known.delete(id);
  known.set(id, {
    likes: take.likes,
    dislikes: take.dislikes,
    shares: take.shares,
    favorites: take.favorites,
    commentsCount: take.commentsCount,
    createdAt: new Date(take.createdAt),
    fanTeam: take.fanTeam ?? null,
  });
  if (known.size > LIMIT) known.delete(known.keys().next().value!);
}

export function forgetTake(id: string): void {
  known.delete(id);
}
