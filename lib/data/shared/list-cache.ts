import 'server-only';
import mongoose from 'mongoose';
import { revalidateTag, unstable_cache } from 'next/cache';
import { redis } from '@/lib/cache/redis';
import { log } from '@/lib/log';

/**
 * Hot lists (the feed, trending, entity and profile pages, the reference
 * lists) are read through Next's data cache and expired by tag on the writes
 * that change which takes they hold (a take posted, deleted, hidden or
 * restored, an author's new picture), so a warm read costs no list query
 * however many takes exist. Reactions, comments and votes only move counts:
 * they expire nothing, so a list keeps its order for its time-to-live while
 * its cards show counts read fresh by id (shownTakes in lib/data/takes/takes.ts).
 *
 * unstable_cache rather than "use cache": the directive needs cacheComponents,
 * which would prerender page shells, and every page here renders per request
 * for its CSP nonce. Route handlers cannot call updateTag, so writes expire
 * with revalidateTag(tag, { expire: 0 }): the author's next read is fresh.
 */
export const LIST_TAGS = {
  /** Every list of takes; an author's new picture expires them all. */
  takes: 'takes',
  feed: 'takes:feed',
  trending: 'takes:trending',
  entity: (entityKey: string) => `takes:entity:${entityKey}`,
  author: (userId: string) => `takes:author:${userId}`,
  /** The callers boards (lib/callers/callers.ts): expired whenever a fan's standing is recomputed. */
  callers: 'callers',
  /** Players, teams and topics; their entries are also keyed by the league's version (lib/data/shared/league-version.ts). */
  reference: 'reference',
  /** The moderators administrators named (lib/data/shared/roles.ts): expired when one is added or removed. */
  moderators: 'moderators',
  /** A take's comments, or a comment's replies: expired by every write that adds one there or takes one away. */
  comments: (threadId: unknown) => `comments:${String(threadId)}`,
  /** A take's live counts (lib/data/notifications/live.ts): expired by every reaction, share, comment, delete, hide and restore of it. */
  take: (takeId: unknown) => `take:${String(takeId)}`,
  /**
   * Whether a take is there and whose it is (lib/data/visibility/take-access.ts), and its words as a share image
   * draws them (takeToDraw in lib/data/takes/takes.ts): expired by its delete, hide and restore only, so its
   * comments' pages and its share image stay a read cheaper however fast it gathers reactions.
   */
  takeOwner: (takeId: unknown) => `take-owner:${String(takeId)}`,
  /** A fan's unread count (lib/data/notifications/live.ts): expired by every notification written to them and by their marking read. */
  unread: (userId: unknown) => `unread:${String(userId)}`,
  /** The schedule's slates (lib/data/games/games.ts): expired by any write to games (expireGames). */
  games: 'games',
  /** One game's teams, time, status and score: expired by a write to that game (expireGames). */
  game: (gameId: number) => `game:${gameId}`,
} as const;

/**
 * Seconds a list keeps its order before it is read again (in the background:
 * the stale order is served meanwhile). `hot`: the feed, trending and comments,
 * whose order follows reactions, so a take that gains likes climbs within a minute.
 * `lists`: entity and profile pages and the reference lists, ordered mostly by
 * time and expired by every post there; this bounds how far a time window has
 * slid, a likes-sorted page's order, and writes made outside the app.
 */
export const LIST_TTL = { hot: 60, lists: 300 } as const;

const { EJSON } = mongoose.mongo.BSON;

/**
 * A generation per tag, in the key of every entry that carries it. A read that
 * was already running when a write expired its tag stores its result under
 * the old generation, where nobody looks again; tags alone would let that
 * late result pass for fresh, since it is stored after the expiry. The
 * generations must be seen by every instance that shares the entries: in
 * Redis beside the shared data cache when REDIS_URL is set (one MGET per list
 * read, one INCR per expired tag). Otherwise they are this process's: on one
 * instance that is all there is, and on Vercel each instance's own count still
 * keeps its own late reads out, while the platform carries the tags.
 */
const globalState = globalThis as typeof globalThis & {
  __takesListGenerations?: Map<string, number>;
  __takesListReads?: Map<string, Promise<string>>;
};
const generations = (globalState.__takesListGenerations ??= new Map<string, number>());
const GENERATION_KEY = (tag: string) => `takes:generation:${tag}`;
/**
 * How long a generation is kept in Redis after it last moved: longer than any entry lives (a day's time-to-live
 * stretched by half, lib/cache/redis-cache-handler.mjs), so when it lapses back to 0 nothing stored under an old 0
 * is left to be found, and tags written once (a take's, a fan's) do not stay forever.
 */
const GENERATION_SECONDS = 2 * 24 * 60 * 60;

async function generationsOf(tags: string[]): Promise<string> {
  // An entry no write expires (MGET refuses an empty list of keys).
  if (tags.length === 0) return '';
  const shared = redis();
  if (shared) {
    try {
      const values = await (await shared).mGet(tags.map(GENERATION_KEY));
      return values.map((v) => v ?? '0').join('.');
    } catch (error) {
      // Redis unreachable: the shared cache misses too, so every read goes to the database and its key matters little.
      log.warn({ err: String(error) }, 'list generations unavailable');
    }
  }
  return tags.map((tag) => generations.get(tag) ?? 0).join('.');
}

async function nextGenerations(tags: string[]): Promise<void> {
  for (const tag of tags) generations.set(tag, (generations.get(tag) ?? 0) + 1);
  const shared = redis();
  if (!shared) return;
  const client = await shared;
  await Promise.all(tags.map((tag) => client.multi().incr(GENERATION_KEY(tag)).expire(GENERATION_KEY(tag), GENERATION_SECONDS).exec()));
}

/**
 * Reads of one entry that are running now. The data cache lets every request
 * that misses (or finds the entry stale) read the database itself, so a busy
 * list whose entry expires would send one identical read per request until
 * the first answers; they share that one instead.
 */
const running = (globalState.__takesListReads ??= new Map<string, Promise<string>>());

function once(id: string, read: () => Promise<string>): Promise<string> {
  let pending = running.get(id);
  if (!pending) {
    pending = read().finally(() => running.delete(id));
    running.set(id, pending);
  }
  return pending;
}

/** An answer handed back without being stored (`unstored`); thrown, so the data cache keeps nothing. */
class Unstored {
  constructor(readonly value: unknown) {}
}

/**
 * Gives `value` as a cached read's answer without storing it. A key is made of what a client sent (an id, a
 * page); an answer that says the key names nothing (no take has that id) is not kept, or every made-up id would
 * add an entry, and the tags' bookkeeping with it. Such a read goes to the database each time: one lookup by _id.
 */
export function unstored(value: unknown): never {
  throw new Unstored(value);
}

/**
 * Reads `read()` through the data cache under `name` and `key`. The value goes
 * through Extended JSON, so ObjectIds and Dates come back as the driver gave them.
 * Every part of `key` must be validated and bounded: an entry per value a client can make up is an entry per
 * request (docs/architecture.md#data-access).
 */
export async function cachedList<T>(name: string, key: unknown[], tags: string[], ttl: number, read: () => Promise<T>): Promise<T> {
  const generation = await generationsOf(tags);
  const keyParts = [name, JSON.stringify(key), generation];
  const load = unstable_cache(() => once(JSON.stringify(keyParts), async () => EJSON.stringify(await read())), keyParts, {
    tags,
    revalidate: ttl,
  });
  try {
    return EJSON.parse(await load()) as T;
  } catch (error) {
    if (error instanceof Unstored) return error.value as T;
    throw error;
  }
}

/** Expires every cached list under these tags, on every instance; the next read of each goes to the database. */
export async function expireLists(...tags: string[]): Promise<void> {
  const unique = [...new Set(tags)];
  await nextGenerations(unique);
  // Outside Next (a script: the seed scoring receipts, repair-counts) there is no data cache here to expire, and
  // revalidateTag throws: the servers' entries follow the generations above when shared (Redis), else their TTL.
  if (!process.env.NEXT_RUNTIME) return;
  for (const tag of unique) revalidateTag(tag, { expire: 0 });
}

/**
 * What the league's writes call after changing games (a score, a status, a new or moved tip-off:
 * lib/data/league/league-batches.ts), so slates, game pages and their polls show it at once on every instance instead
 * of within their minute.
 */
export async function expireGames(ids: number[]): Promise<void> {
  await expireLists(LIST_TAGS.games, ...ids.map(LIST_TAGS.game));
}

/**
 * The lists one take appears in: the feed, trending, the page of every entity it counts for (a game's thread and its
 * teams' pages for a take on a game, a player's take's team when it was posted) and its author's profile; and, for a
 * take that exists already, its live counts and whether it is there.
 */
export function listsOf(take: { _id?: unknown; entityKey: string; entityKeys?: string[] | null; createdBy: unknown }): string[] {
  const entities = (take.entityKeys?.length ? take.entityKeys : [take.entityKey]).map(LIST_TAGS.entity);
  const lists = [LIST_TAGS.feed, LIST_TAGS.trending, ...entities, LIST_TAGS.author(String(take.createdBy))];
  return take._id === undefined ? lists : [...lists, LIST_TAGS.take(take._id), LIST_TAGS.takeOwner(take._id)];
}
