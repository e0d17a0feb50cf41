// @ts-check
// What time-zone spellings cost the server's memory (`npm run bench -- --zones-only`, issue #53 item 1): one
// production server (server.mjs, as bench starts every app), warmed with the same requests in the zone's canonical
// spelling, then sent 10,000 spellings of one long zone in letter cases of their own, the three ways a zone arrives:
// GET /api/games?tz=, /games?tz= and the takes_tz cookie on /games. Its resident memory (the process group's RSS)
// is read before and after, each once it has settled; the budget is growth under 20 MB.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { groupRss, startApp, watchRss } from './processes.mjs';

export const ZONE_SPELLINGS = 10_000;
export const ZONE_GROWTH_BUDGET_MB = 20;
const WARM_REQUESTS = 2_000;
const AT_ONCE = 8;
/** The zone of the finding: 32 letters, so 2^27 or so spellings in letter case alone. */
const ZONE = 'America/Argentina/ComodRivadavia';

/**
 * @typedef {{ spellings: number; warmRequests: number; beforeMb: number; afterMb: number; peakMb: number; growthMb: number;
 *   statuses: Record<string, number> }} ZoneMemory
 * @typedef {{ group: string; name: string; target: string; measured: string; met: boolean | null }} Budget
 */

/** The n-th spelling of the zone: each letter's case from the bits of a hash of n. */
const spelling = (/** @type {number} */ n) =>
  [...ZONE].map((c, i) => ((Math.imul(n + 1, 2654435761) >>> (i % 31)) & 1 ? c.toUpperCase() : c.toLowerCase())).join('');

/** The request the n-th spelling goes out as: mostly the API, as the finding did, and every fifth a page each way. */
function request(/** @type {string} */ base, /** @type {string} */ zone, /** @type {number} */ n) {
  const tz = encodeURIComponent(zone);
  const page = { accept: 'text/html', 'sec-fetch-dest': 'document' };
  if (n % 10 === 4) return fetch(`${base}/games?tz=${tz}`, { headers: page });
  if (n % 10 === 9) return fetch(`${base}/games`, { headers: { ...page, cookie: `takes_tz=${tz}` } });
  return fetch(`${base}/api/games?tz=${tz}`);
}

/**
 * Sends `count` requests, AT_ONCE in flight, the n-th in `zoneOf(n)`; counts the statuses.
 * @param {string} base @param {number} count @param {(n: number) => string} zoneOf @param {Record<string, number>} statuses
 */
async function send(base, count, zoneOf, statuses) {
  let next = 0;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next < count) {
        const n = next;
        next += 1;
        const response = await request(base, zoneOf(n), n);
        await response.arrayBuffer();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      }
    }),
  );
}

/** The group's RSS once it has stopped moving by more than 1 MB over a second (collections and returns settled). */
async function settledRss(/** @type {number} */ pgid) {
  let last = groupRss(pgid);
  for (let round = 0; round < 20; round += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = groupRss(pgid);
    if (Math.abs(now - last) < 2 ** 20) return now;
    last = now;
  }
  return last;
}

const mb = (/** @type {number} */ bytes) => bytes / 2 ** 20;

/**
 * @param {{ uri: string; env: Record<string, string | undefined>; distDir: string }} options
 * @returns {Promise<ZoneMemory>}
 */
export async function measureZoneMemory({ uri, env, distDir }) {
  const app = await startApp({ ...env, MONGODB_URI: uri }, distDir);
  try {
    /** @type {Record<string, number>} */
    const warm = {};
    await send(app.url, WARM_REQUESTS, () => ZONE, warm);
    const before = await settledRss(app.pid);
    const rss = watchRss(app.pid);
    /** @type {Record<string, number>} */
    const statuses = {};
    await send(app.url, ZONE_SPELLINGS, spelling, statuses);
    const after = await settledRss(app.pid);
    rss.stop();
    return {
      spellings: ZONE_SPELLINGS,
      warmRequests: WARM_REQUESTS,
      beforeMb: mb(before),
      afterMb: mb(after),
      peakMb: mb(Math.max(rss.peak(), after)),
      growthMb: mb(after - before),
      statuses,
    };
  } finally {
    await app.stop();
  }
}

/** The budget row, as the report's Budgets table lists them. @param {ZoneMemory | undefined} zones @returns {Budget[]} */
export function zoneBudgets(zones) {
  return [
    {
      group: 'Memory',
      name: `Resident memory growth over ${ZONE_SPELLINGS.toLocaleString('en-US')} time-zone spellings`,
      target: `< ${ZONE_GROWTH_BUDGET_MB} MB`,
      measured: zones ? `${zones.growthMb.toFixed(1)} MB (${zones.beforeMb.toFixed(0)} → ${zones.afterMb.toFixed(0)} MB)` : 'not measured',
      met: zones ? zones.growthMb < ZONE_GROWTH_BUDGET_MB && Object.keys(zones.statuses).every((s) => s === '200') : null,
    },
  ];
}

/**
 * `--zones-only`: zones-report.md and zones-report.json.
 * @param {string} dir @param {{ meta: object; zones: ZoneMemory }} run
 */
export function writeZoneReport(dir, { meta, zones }) {
  mkdirSync(dir, { recursive: true });
  const json = path.join(dir, 'zones-report.json');
  writeFileSync(json, `${JSON.stringify({ meta, zones, budgets: zoneBudgets(zones) }, null, 2)}\n`);
  const [row] = zoneBudgets(zones);
  const lines = [
    '# Memory over time-zone spellings',
    '',
    `One production server on the demo seed, warmed with ${zones.warmRequests.toLocaleString('en-US')} requests in \`${ZONE}\` as`,
    `written, then sent ${zones.spellings.toLocaleString('en-US')} spellings of it in letter cases of their own (${AT_ONCE} at a time):`,
    'eight in ten as `GET /api/games?tz=`, one as `/games?tz=`, one as the `takes_tz` cookie on `/games`. Resident memory',
    '(RSS of the process group) once settled, before and after.',
    '',
    '| before (MB) | after (MB) | peak (MB) | growth (MB) | answers |',
    '| ---: | ---: | ---: | ---: | --- |',
    `| ${zones.beforeMb.toFixed(1)} | ${zones.afterMb.toFixed(1)} | ${zones.peakMb.toFixed(1)} | ${zones.growthMb.toFixed(1)} | ${Object.entries(
      zones.statuses,
    )
      .map(([status, n]) => `${n} × ${status}`)
      .join(', ')} |`,
    '',
    `Budget: ${row?.target} growth. ${row?.met ? 'Met.' : 'Not met.'}`,
    '',
  ];
  const markdown = path.join(dir, 'zones-report.md');
  writeFileSync(markdown, lines.join('\n'));
  return { markdown, json };
}
