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
 * its cards show counts read fresh by id (cachedTakes in lib/data/takes/takes.ts).
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
  /** The callers boards (lib/callers.ts): expired whenever a fan's standing is recomputed. */
  callers: 'callers',
  /** Players, teams and topics; their entries are also keyed by the league's version (lib/data/shared/league-version.ts). */
  reference: 'reference',
  /** The moderators administrators named (lib/data/shared/roles.ts): expired when one is added or removed. */
  moderators: 'moderators',
  /** A take's comments, or a comment's replies: expired by every write that adds one there or takes one away. */
  comments: (postID: unknown) => `comments:${String(postID)}`,
  /** A take's live counts (lib/data/notifications/live.ts): expired by every reaction, share, comment, delete, hide and restore of it. */
  take: (takeId: unknown) => `take:${String(takeId)}`,
  /** A fan's unread count (lib/data/notifications/live.ts): expired by every notification written to them and by their marking read. */
  unread: (userId: unknown) => `unread:${String(userId)}`,
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
  await Promise.all(tags.map((tag) => client.incr(GENERATION_KEY(tag))));
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

/**
 * Reads `read()` through the data cache under `name` and `key`. The value goes
 * through Extended JSON, so ObjectIds and Dates come back as the driver gave them.
 */
export async function cachedList<T>(name: string, key: unknown[], tags: string[], ttl: number, read: () => Promise<T>): Promise<T> {
  const generation = await generationsOf(tags);
  const keyParts = [name, JSON.stringify(key), generation];
  const load = unstable_cache(() => once(JSON.stringify(keyParts), async () => EJSON.stringify(await read())), keyParts, {
    tags,
    revalidate: ttl,
  });
  return EJSON.parse(await load()) as T;
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
 * The lists one take appears in: the feed, trending, its entity's page, its team's page (a player's take is on the
 * page of the team he was on when it was posted: fanTeam) and its author's profile; and, for a take that exists
 * already, its live counts.
 */
export function listsOf(take: { _id?: unknown; entityKey: string; createdBy: unknown; fanTeam?: number | null }): string[] {
  const team = take.fanTeam == null ? null : LIST_TAGS.entity(`team:${take.fanTeam}`);
  const lists = [LIST_TAGS.feed, LIST_TAGS.trending, LIST_TAGS.entity(take.entityKey), LIST_TAGS.author(String(take.createdBy))];
  if (team && team !== LIST_TAGS.entity(take.entityKey)) lists.push(team);
  return take._id === undefined ? lists : [...lists, LIST_TAGS.take(take._id)];
}
