/**
 * next/cache for the data tests, which call lib/data outside a Next server. Next's unstable_cache needs the server's
 * incremental cache and throws without one ("Invariant: incrementalCache missing"); here it calls straight through,
 * so every cached read goes to the database, as a read does on a miss: the first read of a key, and the first after
 * a write expired its tags. The answer still makes the Extended JSON round trip lib/data/shared/list-cache.ts gives
 * every entry, so ObjectIds and Dates come back as a cached read's do. What the cache adds (reuse within a list's
 * time-to-live, expiry by tag, generations) is the HTTP and multi-instance suites' to test (tests/api/sorts.test.ts,
 * tests/multi/cache-keys.test.ts). The rest of next/cache is Next's own: lib/data/shared/list-cache.ts calls
 * revalidateTag only inside a Next server (NEXT_RUNTIME), never here.
 */
export { revalidatePath, revalidateTag, updateTag } from 'next/dist/server/web/spec-extension/revalidate';

export function unstable_cache<Args extends unknown[], Result>(
  read: (...args: Args) => Promise<Result>,
): (...args: Args) => Promise<Result> {
  return read;
}
