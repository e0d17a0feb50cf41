// @ts-check
// Next's data cache in Redis, for self-hosting several instances (next.config.mjs and server.mjs name this handler when
// REDIS_URL is set): an entry one instance stores, and a tag one instance expires, are seen by all of them at once.
// Vercel shares its own cache, and one instance without REDIS_URL keeps Next's in-process one. `next build` names it
// too (so the standalone output carries it); there, with no REDIS_URL, it keeps the build's entries in memory.
import { CacheHandler } from '@fortedigital/nextjs-cache-handler';
import createLruHandler from '@fortedigital/nextjs-cache-handler/local-lru';
import createRedisHandler from '@fortedigital/nextjs-cache-handler/redis-strings';
import { createClient } from '@redis/client';

CacheHandler.onCreation(async ({ buildId }) => {
  if (!process.env.REDIS_URL) return { handlers: [createLruHandler()] };
  const client = createClient({ url: process.env.REDIS_URL });
  // A Redis that goes away turns reads into misses (served from the database) and reconnects by itself; say so once per error.
  client.on('error', (error) => console.error(JSON.stringify({ level: 'warn', msg: 'redis cache error', err: String(error) })));
  await client.connect();
  return {
    // Entries of one build only: a release that changes what a list holds never reads the last one's.
    handlers: [createRedisHandler({ client, keyPrefix: `takes:${buildId ?? 'dev'}:`, timeoutMs: 1000 })],
  };
});

export default CacheHandler;
