// @ts-check
// Next's data cache in Redis, for self-hosting several instances (next.config.mjs and server.mjs name this handler when
// REDIS_URL is set): an entry one instance stores, and a tag one instance expires, are seen by all of them at once.
// Vercel shares its own cache, and one instance without REDIS_URL keeps Next's in-process one. `next build` names it
// too (so the standalone output carries it); there, with no REDIS_URL, it keeps the build's entries in memory.
import { CacheHandler } from '@fortedigital/nextjs-cache-handler';
import createLruHandler from '@fortedigital/nextjs-cache-handler/local-lru';
import { createClient } from '@redis/client';

/**
 * The longest any entry lives, and so how long a tag's expiry is remembered. The data cache's longest
 * time-to-live is a day (lib/data/notifications/live.ts), which the wrapper stretches by half to its hard
 * expiry; nothing is kept longer than this, so once a tag's record is gone, every entry stored before the tag
 * was expired is gone too.
 */
const LONGEST_SECONDS = 2 * 24 * 60 * 60;
/** A Redis that does not answer within this turns a read into a miss (served from the database), not a wait. */
const TIMEOUT_MS = 1000;

/** JSON that keeps the Buffers and Maps Next's entries may hold (a route's body, a page's segments). */
const encode = (/** @type {unknown} */ value) =>
  JSON.stringify(value, function (key, item) {
    const raw = this[key];
    if (Buffer.isBuffer(raw)) return { $buffer: raw.toString('base64') };
    if (raw instanceof Map) return { $map: [...raw.entries()] };
    return item;
  });
const decode = (/** @type {string} */ text) =>
  JSON.parse(text, (_key, item) => {
    if (item && typeof item === 'object' && typeof item.$buffer === 'string') return Buffer.from(item.$buffer, 'base64');
    if (item && typeof item === 'object' && Array.isArray(item.$map)) return new Map(item.$map);
    return item;
  });

/**
 * Entries and tags whose bookkeeping does not grow with the cache. The package's own Redis handler keeps every
 * entry's tags in one hash that each tag expiry reads whole (HSCAN of every field) and sweeps, so each entry a
 * reader caused made every write slower. Here an expired tag is one key holding when it was expired, which an
 * entry's read compares with when the entry was stored (one MGET over its few tags); an entry is one key with its
 * own expiry, and nothing else is written per entry. Expiring a tag costs one SET however many entries there are.
 *
 * Entries stored before a tag's expiry are refused by that comparison. A read that overlapped the write and stored
 * its answer after it is not: lib/data/shared/list-cache.ts keys every entry by its tags' generations, which the
 * write moved, so such an answer lands under a key nobody asks for again (that also covers instances whose
 * clocks disagree by a little).
 *
 * @param {{ client: ReturnType<typeof createClient>, keyPrefix: string }} options
 * @returns {import('@fortedigital/nextjs-cache-handler/cache-handler.types').Handler}
 */
function boundedHandler({ client, keyPrefix }) {
  const entryKey = (/** @type {string} */ key) => `${keyPrefix}entry:${key}`;
  const tagKey = (/** @type {string} */ tag) => `${keyPrefix}tag:${tag}`;
  const redis = () => {
    if (!client.isReady) throw new Error('Redis is not connected');
    return client.withAbortSignal(AbortSignal.timeout(TIMEOUT_MS));
  };
  return {
    name: 'redis-bounded-tags',
    async get(key, { implicitTags }) {
      const stored = await redis().get(entryKey(key));
      if (!stored) return null;
      const entry = decode(stored);
      const tags = [...new Set([...(entry.tags ?? []), ...implicitTags])];
      if (tags.length === 0) return entry;
      const expired = await redis().mGet(tags.map(tagKey));
      if (expired.some((at) => at !== null && Number(at) > entry.lastModified)) {
        await redis().unlink(entryKey(key));
        return null;
      }
      return entry;
    },
    async set(key, entry, context) {
      const now = Math.floor(Date.now() / 1000);
      const expireAt = Math.min(entry.lifespan?.expireAt ?? Number.POSITIVE_INFINITY, now + LONGEST_SECONDS);
      await redis().set(entryKey(key), encode(entry), {
        expiration: { type: 'EXAT', value: expireAt },
        ...(context?.setOnlyIfNotExists ? { condition: 'NX' } : {}),
      });
    },
    async revalidateTag(tag) {
      await redis().set(tagKey(tag), String(Date.now()), { expiration: { type: 'EX', value: LONGEST_SECONDS } });
    },
    async delete(key) {
      await redis().unlink(entryKey(key));
    },
  };
}

CacheHandler.onCreation(async ({ buildId }) => {
  if (!process.env.REDIS_URL) return { handlers: [createLruHandler()] };
  const client = createClient({ url: process.env.REDIS_URL });
  // A Redis that goes away turns reads into misses (served from the database) and reconnects by itself; say so once per error.
  client.on('error', (error) => console.error(JSON.stringify({ level: 'warn', msg: 'redis cache error', err: String(error) })));
  await client.connect();
  // Entries of one build only: a release that changes what a list holds never reads the last one's.
  return { handlers: [boundedHandler({ client, keyPrefix: `takes:${buildId ?? 'dev'}:` })] };
});

export default CacheHandler;
