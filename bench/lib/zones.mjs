// @ts-check
// What time-zone spellings cost the server's memory (issue 53, docs/game-day.md): the app, warmed with requests in
// one long zone's canonical spelling, then sent 10,000 spellings of it in letter cases of their own, the three ways a
// zone arrives: GET /api/games?tz=, /games?tz= and the takes_tz cookie on /games. Its resident memory (the process
// group's) is read once settled, before and after.
import { timed } from './measure.mjs';

/** Bytes; `statuses`: how many of the spellings were answered with each status. */
/** @typedef {{ spellings: number; warm: number; before: number; after: number; peak: number; statuses: Record<string, number> }} Zones */

export const ZONE = 'America/Argentina/ComodRivadavia';
export const SPELLINGS = 10_000;
export const AT_ONCE = 8;
const WARM = 2_000;

/** The n-th spelling of the zone (32 letters, so 2^27 or so spellings): each letter's case from a bit of a hash of n. */
const spelling = (/** @type {number} */ n) =>
  [...ZONE].map((c, i) => ((Math.imul(n + 1, 2654435761) >>> (i % 31)) & 1 ? c.toUpperCase() : c.toLowerCase())).join('');

/** The request the n-th zone goes out as: eight in ten the API, as the finding did, and one a page each other way. */
function request(/** @type {string} */ url, /** @type {string} */ zone, /** @type {number} */ n) {
  const tz = encodeURIComponent(zone);
  const page = { accept: 'text/html', 'sec-fetch-dest': 'document' };
  if (n % 10 === 4) return timed(`${url}/games?tz=${tz}`, { headers: page });
  if (n % 10 === 9) return timed(`${url}/games`, { headers: { ...page, cookie: `takes_tz=${tz}` } });
  return timed(`${url}/api/games?tz=${tz}`);
}

/** `count` requests, AT_ONCE in flight, the n-th in `zoneOf(n)`; the statuses they were answered with. */
async function send(/** @type {string} */ url, /** @type {number} */ count, /** @type {(n: number) => string} */ zoneOf) {
  /** @type {Record<string, number>} */
  const statuses = {};
  let next = 0;
  const worker = async () => {
    for (let n = next++; n < count; n = next++) {
      const { status } = await request(url, zoneOf(n), n);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return statuses;
}

/** @param {import('./context.mjs').Ctx} ctx */
export async function measureZones(ctx) {
  await send(ctx.url, WARM, () => ZONE);
  const before = await ctx.rss.settled();
  const [statuses, peak] = await ctx.rss.during(() => send(ctx.url, SPELLINGS, spelling));
  const after = await ctx.rss.settled();
  ctx.r.zones = { spellings: SPELLINGS, warm: WARM, before, after, peak: Math.max(peak, after), statuses };
}
