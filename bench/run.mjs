// @ts-check
// `npm run bench`: how fast the production build is, what limits it and how its
// cost grows with data, measured the same way every time. It reports; it never fails a build.
//   npm run bench                      demo seed + a synthetic 10k-take set
//   npm run bench -- --takes 100000    a larger synthetic set too, beside the 10k one (budgets of issue 27)
//   npm run bench -- --duration 5      seconds of load per endpoint (default 3)
//   npm run bench -- --mixed 20        seconds of the mixed workload, each half (default 20)
//   npm run bench -- --pages-only      the pages section alone, on the demo seed (about 3 minutes)
//   npm run bench -- --live-only       the live updates section alone, on the demo seed (about 4 minutes)
//   npm run bench -- --endpoints-only  the endpoints' commands and load alone, on the demo seed (no fans, writes, pages)
//   npm run bench -- --cache-only      what a write costs as the shared (Redis) cache grows, on the demo seed (a few minutes)
//   npm run bench -- --dev-only        npm run dev's first hits alone (no production build)
//   npm run bench -- --filters-only    the feed through a fan's filters alone, on the demo seed and the --takes set (10k)
//   npm run bench -- --zones-only      the server's memory over 10,000 time-zone spellings alone, on the demo seed (issue 53)
//   npm run bench -- --settle-only     one final settling 1,000 calls alone, on the demo seed
//   npm run bench -- --lighthouse-runs 7   Lighthouse runs per page, the median kept (default 5)
//   npm run bench -- --before bench/results/<time>/report.json   search and trending beside an earlier run's
// Writes bench/results/<time>/report.md, report.json and latency.svg. The build goes to
// TAKES_BENCH_DIST_DIR (default .next, the folder `npm run build` uses).
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { localStack } from '../scripts/lib/stack.mjs';
import { buildLocalDb, ensureDependencies, ROOT, say, SetupError } from '../scripts/lib/services.mjs';
import { createFans } from './lib/accounts.mjs';
import { filteredFeed } from './lib/filters.mjs';
import { inTurns, load, median, perRequest, queryLog, timed } from './lib/measure.mjs';
import { liveWorkload } from './lib/live.mjs';
import { countersAgainstFacts, mixedWorkload, writeCommands } from './lib/mixed.mjs';
import { measureDev } from './lib/dev.mjs';
import { ensureChromium, measurePages } from './lib/pages.mjs';
import { bin, groupCpuMs, listenerPid, processCpuMs, startApp, startBaseline, watchRss } from './lib/processes.mjs';
import { writeDevReport, writeFiltersReport, writeLiveReport, writePagesReport, writeReport } from './lib/report.mjs';
import { measureCacheGrowth, writeCacheReport } from './lib/cache-growth.mjs';
import { measureZoneMemory, writeZoneReport } from './lib/zone-memory.mjs';
import { measureSettlement } from './lib/settle.mjs';
import { writeSettleReport } from './lib/settle-report.mjs';

/** @typedef {import('./lib/accounts.mjs').Fan} Fan */
/** @typedef {import('./lib/measure.mjs').Load} Load */
/** @typedef {import('./lib/measure.mjs').PerRequest} PerRequest */
/** @typedef {import('./lib/report.mjs').SetMeasures} SetMeasures */
/** @typedef {import('./lib/report.mjs').FirstRequest} FirstRequest */
/** @typedef {import('./lib/report.mjs').EndpointResult} EndpointResult */
/** @typedef {Record<string, string | undefined>} Env */
/** @typedef {import('mongoose').mongo.WithId<import('mongoose').mongo.Document>} Doc */
/**
 * What the measured pages and lists are about; `hot` has the ten hottest takes (a data set has at least 40).
 * @typedef {{
 *   takeId: string;
 *   playerId: number;
 *   playerTakes: number;
 *   pageSize: number;
 *   profileId: string;
 *   searchTerm: string;
 *   hot: [string, string, string, ...string[]];
 *   page5: string;
 *   game: { id: number; page5: string } | null;
 * }} Fixtures
 */
/** @typedef {{ id: string; label: string; path: string; cached?: boolean; connections?: number; sameAs?: string }} Endpoint */
/**
 * A data set: its database and, once seeded, its size.
 * @typedef {{
 *   id: string;
 *   label: string;
 *   uri: string;
 *   pages?: boolean;
 *   budgeted?: boolean;
 *   large?: boolean;
 *   takes?: number;
 *   counts?: import('./lib/report.mjs').SetCounts;
 * }} DataSet
 */

const args = process.argv.slice(2);
const option = (/** @type {string} */ name, /** @type {number} */ fallback) =>
  args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback;
const TAKES = option('takes', 10_000);
const DURATION = option('duration', 3);
const PAGES_ONLY = args.includes('--pages-only');
const LIVE_ONLY = args.includes('--live-only');
const ENDPOINTS_ONLY = args.includes('--endpoints-only');
const CACHE_ONLY = args.includes('--cache-only');
const DEV_ONLY = args.includes('--dev-only');
const FILTERS_ONLY = args.includes('--filters-only');
const ZONES_ONLY = args.includes('--zones-only');
const SETTLE_ONLY = args.includes('--settle-only');
const LIGHTHOUSE_RUNS = option('lighthouse-runs', 5);
const COLD_ROUNDS = 3;
// Long enough for fifty fans' likes to reach a steady rate.
const LIKE_LOOP_SECONDS = Math.max(DURATION, 15);
const FANS = 50;
// Seconds of the mixed workload, reads only and then with reactions (demo seed).
const MIXED_SECONDS = option('mixed', 20);
const DIST = process.env.TAKES_BENCH_DIST_DIR || '.next';
// An earlier run's report.json: the report puts its search and trending figures beside this run's.
const BEFORE = args.includes('--before') ? args[args.indexOf('--before') + 1] : null;

/**
 * @param {string} name
 * @param {string} command
 * @param {string[]} argv
 * @param {Env} env
 */
function run(name, command, argv, env) {
  say('bench', name);
  const started = Date.now();
  const result = spawnSync(command, argv, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new SetupError(`${name} failed:\n${result.stdout.slice(-2000)}`);
  say('bench', `${name} done (${((Date.now() - started) / 1000).toFixed(0)}s)`);
  return result.stdout;
}

/** What a run has started, stopped on Ctrl-C as at a normal end (the servers run in process groups of their own). */
/** @type {Set<() => Promise<void>>} */
const running = new Set();
const track = (/** @type {() => Promise<void>} */ stop) => {
  running.add(stop);
  return async () => {
    running.delete(stop);
    await stop();
  };
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    for (const stop of [...running].reverse()) await stop().catch(() => undefined);
    process.exit(130);
  });
}

/** @type {(script: string, ...rest: string[]) => [string, string[]]} */
const tsx = (script, ...rest) => [process.execPath, ['--conditions=react-server', '--import', 'tsx', script, ...rest]];

/**
 * What the measured pages and lists are about, read from the database so the
 * app's caches stay cold: the most discussed take, the player with the most
 * takes, the fan with the most posts, the ten hottest takes (the like loop's
 * targets) and the page-5 cursor.
 * @param {string} uri
 * @returns {Promise<Fixtures>}
 */
async function fixtures(uri) {
  const { MongoClient } = /** @type {typeof import('mongoose')} */ (createRequire(path.join(ROOT, 'package.json'))('mongoose')).mongo;
  // The app's own cursor encoding (the bench runs as plain Node, so tsx loads the TypeScript module).
  const { tsImport } = await import('tsx/esm/api');
  /** @type {{ encodeCursor: (value: number, id: string) => string }} */
  const { encodeCursor } = await tsImport('../lib/validation/cursor.ts', import.meta.url);
  /** @type {{ FEED_PAGE_SIZE: number }} */
  const { FEED_PAGE_SIZE } = await tsImport('../lib/constants.ts', import.meta.url);
  const client = new MongoClient(uri);
  try {
    const db = client.db();
    const takes = db.collection('takes');
    const [take] = /** @type {[Doc]} */ (
      await takes
        .find({}, { projection: { _id: 1 } })
        .sort({ commentsCount: -1, _id: -1 })
        .limit(1)
        .toArray()
    );
    const [stat] = /** @type {[Doc]} */ (
      await db.collection('entitystats').find({ entityType: 'player' }).sort({ takes: -1, _id: 1 }).limit(1).toArray()
    );
    // Players are keyed by their number.
    const player = /** @type {{ _id: number; name: string }} */ (
      /** @type {unknown} */ (await db.collection('players').findOne({ _id: stat.entityId }))
    );
    const [author] = /** @type {[Doc]} */ (
      await db
        .collection('users')
        .find({}, { projection: { _id: 1 } })
        .sort({ postsCount: -1, _id: 1 })
        .limit(1)
        .toArray()
    );
    const byScore = await takes
      .find({}, { projection: { _id: 1, score: 1 } })
      .sort({ score: -1, _id: -1 })
      .limit(40)
      .toArray();
    // The busiest game thread (the synthetic set's game night), when it is five pages deep: its page 5 as the feed's.
    const [thread] = await db.collection('entitystats').find({ entityType: 'game' }).sort({ takes: -1, _id: 1 }).limit(1).toArray();
    const [fortieth] = thread
      ? await takes
          .find({ entityKeys: thread._id }, { projection: { _id: 1, createdAt: 1 } })
          .sort({ createdAt: -1, _id: -1 })
          .skip(4 * FEED_PAGE_SIZE - 1)
          .limit(1)
          .toArray()
      : [];
    return {
      takeId: String(take._id),
      playerId: player._id,
      playerTakes: stat.takes,
      pageSize: FEED_PAGE_SIZE,
      profileId: String(author._id),
      searchTerm: /** @type {string} */ (player.name.split(' ').pop()),
      hot: /** @type {Fixtures['hot']} */ (byScore.slice(0, 10).map((t) => String(t._id))),
      page5: encodeCursor(/** @type {Doc} */ (byScore[39]).score, String(/** @type {Doc} */ (byScore[39])._id)),
      game:
        thread && fortieth
          ? { id: /** @type {number} */ (thread.entityId), page5: encodeCursor(fortieth.createdAt.getTime(), String(fortieth._id)) }
          : null,
    };
  } finally {
    await client.close();
  }
}

/**
 * The endpoints, as the issue lists them. `cached`: read through the data cache, so cold and warm differ.
 * @param {Fixtures} f
 * @returns {Endpoint[]}
 */
function endpoints(f) {
  const trending = ['12h', '24h', 'week'].map((w) => ({
    id: `trending-${w}`,
    label: `Trending takes, ${w}`,
    path: `/api/takes/trending?timeRange=${w}&sort=likes`,
    cached: true,
  }));
  const topics = ['all', '12h', '24h', 'week'].map((w) => ({
    id: `topics-${w}`,
    label: `Trending topics, ${w}`,
    path: `/api/takes/topics/trending?timeRange=${w}`,
    cached: true,
  }));
  return [
    { id: 'feed-p1', label: 'Feed page 1 (API)', path: '/api/takes', cached: true },
    { id: 'feed-p5', label: 'Feed page 5 (API)', path: `/api/takes?cursor=${encodeURIComponent(f.page5)}`, cached: true },
    { id: 'feed-p1-c50', label: 'Feed page 1, 50 connections', path: '/api/takes', cached: true, connections: 50, sameAs: 'feed-p1' },
    // The callers board (issue 28): read through the data cache like the feed, so measured beside it.
    { id: 'callers-p1', label: 'Callers board page 1 (API)', path: '/api/callers', cached: true },
    { id: 'callers-page', label: 'Callers board (SSR)', path: '/callers', cached: true },
    { id: 'take-page', label: 'Take page (SSR)', path: `/takes/${f.takeId}` },
    { id: 'take-api', label: 'Take (API)', path: `/api/takes/${f.takeId}` },
    { id: 'player-page', label: 'Player page (SSR)', path: `/players/${f.playerId}`, cached: true },
    { id: 'player-api', label: 'Player takes (API)', path: `/api/players/${f.playerId}`, cached: true },
    // A game night's thread pages as the feed does (issue 37): its first page, its fifth by cursor, and the game page.
    ...(f.game
      ? [
          { id: 'game-p1', label: 'Game thread page 1 (API)', path: `/api/games/${f.game.id}/takes`, cached: true },
          {
            id: 'game-p5',
            label: 'Game thread page 5 (API)',
            path: `/api/games/${f.game.id}/takes?cursor=${encodeURIComponent(f.game.page5)}`,
            cached: true,
          },
          { id: 'game-page', label: 'Game page (SSR)', path: `/games/${f.game.id}`, cached: true },
        ]
      : []),
    ...trending,
    ...topics,
    { id: 'search', label: 'Search', path: `/api/search/takes?q=${encodeURIComponent(f.searchTerm)}` },
    { id: 'comments', label: 'Comments page', path: `/api/comments?postID=${f.takeId}` },
    // One render at a time, as the text-only baseline: the ratio is of what one render costs.
    { id: 'capture', label: 'Capture image', path: `/api/capture?takeID=${f.takeId}`, connections: 1 },
  ];
}

/**
 * A request slower than this is not put under load: a few seconds of load
 * would queue minutes of work. It is timed one request at a time instead.
 */
const SAMPLE_OVER_MS = 1000;
/** An uncached request slower than this is not repeated just to count its commands again. */
const REUSE_OVER_MS = 10_000;

/**
 * Timed requests standing in for a load run, in its shape.
 * @param {{ ms: number; status: number }[]} replies at least one
 * @returns {Load}
 */
function sampled(replies) {
  const ms = replies.map((r) => r.ms);
  const bad = (/** @type {(status: number) => boolean} */ test) => replies.filter((r) => test(r.status)).length;
  return {
    sampled: true,
    requests: ms.length,
    p50: median(ms),
    p99: Math.max(...ms),
    rps: 1000 / /** @type {number} */ (median(ms)),
    non2xx: bad((s) => s >= 300),
    status4xx: bad((s) => s >= 400 && s < 500),
    status5xx: bad((s) => s >= 500),
    errors: 0,
    timeouts: 0,
  };
}

/**
 * Load on one endpoint of `server`, or timed samples when one request is too
 * slow for load (`seen`: warm requests already timed, for an uncached
 * endpoint). A warm-up request comes first, so the figures are warm, and the
 * server is drained after, so no endpoint inherits another's queue.
 * @param {string} server
 * @param {{ path: string; connections?: number }} ep
 * @param {() => Promise<void>} drain
 * @param {{ ms: number; status: number }[]} [seen]
 * @returns {Promise<Load>}
 */
async function measureLoad(server, ep, drain, seen = []) {
  if (seen.length && /** @type {number} */ (median(seen.map((r) => r.ms))) > SAMPLE_OVER_MS) return sampled(seen);
  const url = `${server}${ep.path}`;
  let warmUp = await timed(url);
  // A process's first image render also sets up the renderer: one more try before calling the endpoint slow.
  if (warmUp.ms > SAMPLE_OVER_MS && !seen.length) warmUp = await timed(url);
  if (warmUp.ms > SAMPLE_OVER_MS) return sampled([...seen, warmUp]);
  // A slow request is mostly database time: only as many at once as fit half the run, so that some finish inside it.
  const wanted = ep.connections ?? 10;
  const connections = warmUp.ms > 200 ? Math.max(1, Math.min(wanted, Math.floor((DURATION * 1000) / (2 * warmUp.ms)))) : wanted;
  const result = await load({ url: server, path: ep.path, connections, duration: DURATION });
  await drain();
  return result;
}

/**
 * The lists whose warm cost is compared across data sets (issue 16's "warm p50 at 10k vs demo"): read through the
 * data cache, so what a warm request does should not grow with the data.
 */
const WARM_COST = [
  'feed-p1',
  'feed-p5',
  'trending-12h',
  'trending-24h',
  'trending-week',
  'topics-all',
  'topics-12h',
  'topics-24h',
  'topics-week',
  'player-page',
  'player-api',
];
/** Warm requests a cost is averaged over. */
const COST_REQUESTS = 60;

/**
 * What one warm request costs: the CPU time the app's processes and the database server spend on it, averaged over
 * COST_REQUESTS sent one at a time. Unlike a latency, it does not count the time a request waits for a core that
 * something else on the machine holds, so two data sets measured minutes apart compare by their work.
 * @param {string} url
 * @param {number} appGroup the app's process group
 * @param {number | null} database the database server's process
 */
async function warmCost(url, appGroup, database) {
  for (let i = 0; i < 3; i += 1) await timed(url);
  const [app0, db0] = [groupCpuMs(appGroup), database ? processCpuMs(database) : 0];
  let failed = 0;
  for (let i = 0; i < COST_REQUESTS; i += 1) if ((await timed(url)).status >= 400) failed += 1;
  return {
    appMs: (groupCpuMs(appGroup) - app0) / COST_REQUESTS,
    databaseMs: database ? (processCpuMs(database) - db0) / COST_REQUESTS : null,
    requests: COST_REQUESTS,
    failed,
  };
}

/** The servers count as quiet below this share of one core over a second; Lighthouse waits for that at most this long. */
const QUIET_CPU_SHARE = 0.05;
const QUIET_CPU_AT_MOST_MS = 60_000;

/**
 * Waits until the app and the database server use under QUIET_CPU_SHARE of a core over a second. Lighthouse times
 * the browser's main thread on the same two cores, so what the servers are still doing after the loads before it
 * (the database's collector after the like loop, the app's) would count as the page's blocking time: measured right
 * after those phases, the same pages' TBT read 175 to 316 ms where a run on a fresh server read 59 to 197 ms.
 * @param {number} appGroup the app's process group
 * @param {number | null} database the database server's process
 * @returns {Promise<number>} how long it waited, in ms
 */
async function cpuQuiet(appGroup, database) {
  const started = Date.now();
  const busyMs = () => groupCpuMs(appGroup) + (database ? processCpuMs(database) : 0);
  while (Date.now() - started < QUIET_CPU_AT_MOST_MS) {
    const before = busyMs();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (busyMs() - before < QUIET_CPU_SHARE * 1000) break;
  }
  return Date.now() - started;
}

/** How long the app must send no database command before it counts as idle, and how long to wait for that at most. */
const QUIET_MS = 10_000;
const QUIET_AT_MOST_MS = 10 * 60_000;

/**
 * Waits until the app has sent no database command for QUIET_MS. Load stops
 * when its time is up, but the requests already sent still run: on a large set
 * the like loop leaves a backlog of slow likes (each a scan on the local
 * engine), and while the engine works through it every one of its threads is
 * busy, so a new connection (the counters' dry run, which gives up after the
 * app's 1.5 s of server selection) is not answered.
 * @param {import('./lib/measure.mjs').QueryLog} log
 */
async function appQuiet(log) {
  const started = Date.now();
  let [size, changed] = [log.mark(), Date.now()];
  while (Date.now() - changed < QUIET_MS && Date.now() - started < QUIET_AT_MOST_MS) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (log.mark() !== size) [size, changed] = [log.mark(), Date.now()];
  }
}

/**
 * Every figure for one data set, from one fresh app server.
 * @param {DataSet} set
 * @param {Env} env
 * @param {string} work
 * @returns {Promise<SetMeasures>}
 */
async function measureSet(set, env, work) {
  const logFile = path.join(work, `${set.id}-queries.jsonl`);
  const netLog = path.join(work, `${set.id}-net.jsonl`);
  const f = await fixtures(set.uri);
  const app = await startApp(
    {
      ...env,
      MONGODB_URI: set.uri,
      TAKES_QUERY_LOG: logFile,
      BENCH_NET_LOG: netLog,
      NODE_OPTIONS: `--import ${path.join(ROOT, 'bench', 'lib', 'net-watch.mjs')}`,
    },
    DIST,
  );
  const stopApp = track(app.stop);
  const rss = watchRss(app.pid);
  const log = queryLog(logFile);
  // Lets what the last run left queued finish before the next endpoint is measured.
  const drain = async () => {
    await timed(`${app.url}/api/health`);
  };
  const results = /** @type {SetMeasures} */ ({ set: set.label, takes: set.takes, endpoints: {}, phaseSeconds: {} });
  /** @type {string | null} */
  let phaseName = null;
  let phaseStarted = Date.now();
  const phase = (/** @type {string | null} */ name) => {
    if (phaseName) results.phaseSeconds[phaseName] = Math.round((Date.now() - phaseStarted) / 1000);
    [phaseName, phaseStarted] = [name, Date.now()];
    if (name) say('bench', `${set.label}: ${name}`);
  };
  try {
    const list = endpoints(f);
    const get = (/** @type {string} */ p) => () => timed(`${app.url}${p}`);
    for (const ep of list) results.endpoints[ep.id] = { label: ep.label, path: ep.path, cached: Boolean(ep.cached) };

    phase('first request after a restart');
    // One read of a single take first: it opens the connection and loads the entity directory.
    await timed(`${app.url}/api/takes/${f.takeId}`);
    for (const ep of list.filter((e) => !e.sameAs)) {
      const first = await perRequest(log, 1, get(ep.path));
      Object.assign(/** @type {EndpointResult} */ (results.endpoints[ep.id]), {
        afterRestart: { ms: first.ms[0], status: first.statuses[0], commands: first.commands, docs: first.docs, ops: first.ops },
      });
      // The next requests are warm. (A very slow uncached one would only repeat the first.)
      /** @type {EndpointResult} */ (results.endpoints[ep.id]).warm =
        !ep.cached && /** @type {number} */ (first.ms[0]) > REUSE_OVER_MS
          ? /** @type {EndpointResult} */ (results.endpoints[ep.id]).afterRestart
          : await perRequest(log, ep.cached ? 2 : 1, get(ep.path));
    }

    if (!ENDPOINTS_ONLY) phase(`${FANS} signed-in fans`);
    const fans = ENDPOINTS_ONLY ? [] : await createFans(app.url, /** @type {string} */ (env.FIREBASE_AUTH_EMULATOR_HOST), FANS);
    /** @type {(p: string, fan: Fan, body: object) => Promise<import('./lib/measure.mjs').Reply>} */
    const post = (p, fan, body) => timed(`${app.url}${p}`, { method: 'POST', headers: fan.headers, body: JSON.stringify(body) });
    const newTake = async (/** @type {Fan} */ fan, /** @type {string} */ title) => {
      const reply = await post('/api/takes', fan, {
        title,
        description: 'Written by npm run bench to expire the cached lists.',
        entityType: 'player',
        playerID: f.playerId,
        tags: [f.playerId],
      });
      if (reply.status !== 201) throw new SetupError(`POST /api/takes answered ${reply.status}: ${reply.body}`);
    };

    // Commands per page size and cold reads after a write depend on the code, not on the data: the demo seed
    // measures them. On a larger set the first request after the restart is the cold figure.
    const detailed = Boolean(set.pages) && !ENDPOINTS_ONLY;
    if (detailed) {
      phase('page sizes and cold reads after a write');
      // The demo's busiest player has fewer takes than a page (4, and the bench's own below make 8), where a larger
      // set's shows a full page and Load More. More takes fill it first, so the player page is compared with the same
      // page at every size, not with fewer cards (each costs its render about 1.7 ms of CPU).
      const fill = f.pageSize + 1 - f.playerTakes - 1 - COLD_ROUNDS;
      for (let i = 1; i <= fill; i += 1) await newTake(/** @type {Fan} */ (fans[COLD_ROUNDS + i]), `Bench take to fill a page ${i}`);
      results.pageSizes = {};
      await newTake(/** @type {Fan} */ (fans[0]), 'Bench take sizes');
      for (const [id, small, large] of /** @type {[string, string, string][]} */ ([
        ['feed', '/api/takes?limit=10', '/api/takes?limit=50'],
        ['entity', `/api/players/${f.playerId}?limit=10`, `/api/players/${f.playerId}?limit=50`],
        ['comments', `/api/comments?postID=${f.takeId}&limit=15`, `/api/comments?postID=${f.takeId}&limit=50`],
      ])) {
        // A comment expires the take's cached comment pages, as a new take expired the lists of takes.
        if (id === 'comments') {
          const reply = await post('/api/comments', /** @type {Fan} */ (fans[0]), {
            text: 'Written by npm run bench to expire the cached comment pages.',
            postID: f.takeId,
          });
          if (reply.status !== 201) throw new SetupError(`POST /api/comments answered ${reply.status}: ${reply.body}`);
        }
        results.pageSizes[id] = { small: await perRequest(log, 1, get(small)), large: await perRequest(log, 1, get(large)) };
      }
      // A new take about the measured player expires the feed, trending and that player's lists: each next read
      // is cold, and the last round leaves every list warm for the load runs.
      const cached = list.filter((ep) => ep.cached && !ep.sameAs);
      const cold = /** @type {Record<string, PerRequest[]>} */ (Object.fromEntries(cached.map((ep) => [ep.id, []])));
      for (let round = 1; round <= COLD_ROUNDS; round += 1) {
        await newTake(/** @type {Fan} */ (fans[round]), `Bench take ${round}`);
        for (const ep of cached) /** @type {PerRequest[]} */ (cold[ep.id]).push(await perRequest(log, 1, get(ep.path)));
      }
      for (const [id, samples] of Object.entries(cold)) {
        /** @type {EndpointResult} */ (results.endpoints[id]).cold = {
          samples: samples.length,
          ms: median(samples.map((s) => /** @type {number} */ (s.ms[0]))),
          commands: median(samples.map((s) => s.commands)),
          docs: median(samples.map((s) => s.docs)),
          ops: /** @type {PerRequest} */ (samples[0]).ops,
        };
      }
    }

    phase(`load, ${DURATION}s per endpoint`);
    rss.sincePhase();
    for (const ep of list) {
      const warm = /** @type {EndpointResult} */ (results.endpoints[ep.id]).warm;
      const seen =
        ep.cached || !warm
          ? []
          : /** @type {number[]} */ ([]).concat(warm.ms).map(
              (ms, i) =>
                /** @type {{ ms: number; status: number }} */ ({
                  ms,
                  status: /** @type {number[]} */ ([]).concat(
                    /** @type {PerRequest} */ (warm).statuses ?? /** @type {FirstRequest} */ (warm).status,
                  )[i],
                }),
            );
      /** @type {EndpointResult} */ (results.endpoints[ep.id]).load = {
        ...(await measureLoad(app.url, ep, drain, seen)),
        peakRssBytes: rss.sincePhase(),
      };
    }
    // A game night's thread against the feed, page for page, in turns: two load runs minutes apart differ by more
    // than the 20% the budget allows (feed page 5 18 ms, game page 5 23 ms in one run, the same work in both).
    if (f.game) {
      const endpoint = (/** @type {string} */ id) => `${app.url}${list.find((e) => e.id === id)?.path}`;
      results.gameVsFeed = {
        p1: await inTurns(endpoint('game-p1'), endpoint('feed-p1'), 60),
        p5: await inTurns(endpoint('game-p5'), endpoint('feed-p5'), 60),
      };
    }
    phase('cost of a warm request');
    const database = listenerPid(Number(new URL(/** @type {string} */ (env.MONGODB_URI)).port));
    for (const ep of list.filter((e) => WARM_COST.includes(e.id))) {
      /** @type {EndpointResult} */ (results.endpoints[ep.id]).cost = await warmCost(`${app.url}${ep.path}`, app.pid, database);
    }
    if (ENDPOINTS_ONLY) {
      phase(null);
      results.peakRssBytes = rss.peak();
      results.outboundConnections = readLines(netLog);
      return results;
    }

    phase("the feed through a fan's filters");
    results.filteredFeed = await filteredFeed({
      url: app.url,
      uri: set.uri,
      emulatorHost: /** @type {string} */ (env.FIREBASE_AUTH_EMULATOR_HOST),
      duration: DURATION,
      log,
      drain,
    });

    // The writes come after the reads, so no read above is timed beside them.
    if (detailed) {
      phase(`mixed workload, ${FANS} fans`);
      results.writes = await writeCommands({
        log,
        post,
        fan: /** @type {Fan} */ (fans[FANS - 2]),
        takeId: f.hot[1],
        warmUpTakeId: f.hot[2],
      });
      results.mixed = await mixedWorkload({ url: app.url, fans, targets: f.hot, seconds: MIXED_SECONDS, log });
      await drain();
      results.mixed.peakRssBytes = rss.sincePhase();
      results.mixed.counters = countersAgainstFacts(set.uri, env);

      phase('live updates: 1,000 open tabs polling, 2 × 60 s');
      results.live = await liveWorkload({ url: app.url, fans, targets: f.hot, log, post, playerId: f.playerId });
    }

    const likeFan = /** @type {Fan} */ (fans[FANS - 1]);
    // A fan's first action in a process also looks them up (cached for a minute): the like is timed for a fan already known.
    await post('/api/user-action', likeFan, { actionType: 'share', postID: f.hot[2] });
    results.like = await perRequest(log, detailed ? 4 : 2, (i) =>
      post('/api/user-action', likeFan, { actionType: i % 2 ? 'dislike' : 'like', postID: f.hot[0] }),
    );

    phase(`${FANS} fans liking and disliking`);
    // Each fan alternates like and dislike on one of the ten hottest takes: every request moves counts.
    const requestsPerClient = fans.map((fan, i) =>
      ['like', 'dislike'].map((actionType) => ({
        method: /** @type {const} */ ('POST'),
        path: '/api/user-action',
        headers: fan.headers,
        body: JSON.stringify({ actionType, postID: f.hot[i % f.hot.length] }),
      })),
    );
    // On a large set a single like scans for seconds (see the like's commands), so there it is only timed.
    results.likeLoop =
      !detailed && /** @type {number} */ (median(results.like.ms)) > SAMPLE_OVER_MS
        ? sampled(
            results.like.ms.map((ms, i) => ({ ms, status: /** @type {number} */ (/** @type {PerRequest} */ (results.like).statuses[i]) })),
          )
        : await load({ url: app.url, path: '/api/user-action', connections: FANS, duration: LIKE_LOOP_SECONDS, requestsPerClient });
    await drain();
    results.likeLoop.peakRssBytes = rss.sincePhase();
    await appQuiet(log);
    // Exact under load: every counter the loop moved must still equal the facts under it.
    results.countersAfterLikes = countersAgainstFacts(set.uri, env);
    if (results.countersAfterLikes.error) say('bench', `${set.label}: the counters' dry run failed: ${results.countersAfterLikes.error}`);

    phase('baselines');
    const baseline = await startBaseline(set.uri);
    const stopBaseline = track(baseline.stop);
    try {
      const base = {
        'feed-p1': { label: 'Raw driver: feed page 1', path: '/feed' },
        'feed-p5': { label: 'Raw driver: feed page 5', path: `/feed?cursor=${encodeURIComponent(f.page5)}` },
        'take-api': { label: 'Raw driver: take', path: `/takes/${f.takeId}` },
        capture: { label: 'Text-only next/og render', path: `/og-text?takeID=${f.takeId}`, connections: 1 },
      };
      results.baselines = {};
      const drainBaseline = async () => {
        await timed(`${baseline.url}/takes/${f.takeId}`);
      };
      for (const [id, b] of Object.entries(base)) results.baselines[id] = { ...b, load: await measureLoad(baseline.url, b, drainBaseline) };
      // The share image against its text-only render of the same take, in turns: the ratio its budget is judged by.
      results.shareImage = await inTurns(`${app.url}/api/capture?takeID=${f.takeId}`, `${baseline.url}${base.capture.path}`);
    } finally {
      await stopBaseline();
    }

    if (set.pages) {
      phase('pages: first-load JS and Lighthouse (mobile)');
      const waited = await cpuQuiet(app.pid, database);
      say('bench', `pages: the servers were quiet after ${(waited / 1000).toFixed(0)} s`);
      Object.assign(
        results,
        await measurePages({
          url: app.url,
          fixtures: f,
          root: ROOT,
          distDir: path.join(ROOT, DIST),
          lighthouseRunsPerPage: LIGHTHOUSE_RUNS,
        }),
      );
      results.pagesPeakRssBytes = rss.sincePhase();
    }
    phase(null);
    results.peakRssBytes = rss.peak();
    results.outboundConnections = readLines(netLog);
  } finally {
    rss.stop();
    await stopApp();
  }
  return results;
}

/**
 * `--pages-only`: the pages section on the demo seed, from a fresh `next start` that measures nothing else.
 * @param {string} uri
 * @param {Env} env
 */
async function measurePagesOnly(uri, env) {
  const f = await fixtures(uri);
  const app = await startApp({ ...env, MONGODB_URI: uri }, DIST);
  const stopApp = track(app.stop);
  try {
    say('bench', 'pages: first-load JS and Lighthouse (mobile)');
    return await measurePages({
      url: app.url,
      fixtures: f,
      root: ROOT,
      distDir: path.join(ROOT, DIST),
      lighthouseRunsPerPage: LIGHTHOUSE_RUNS,
    });
  } finally {
    await stopApp();
  }
}

/**
 * `--live-only`: the live updates section on the demo seed, from a fresh `next start` that measures nothing else.
 * @param {string} uri
 * @param {Env} env
 * @param {string} work
 */
async function measureLiveOnly(uri, env, work) {
  const f = await fixtures(uri);
  const logFile = path.join(work, 'live-queries.jsonl');
  const app = await startApp({ ...env, MONGODB_URI: uri, TAKES_QUERY_LOG: logFile }, DIST);
  const stopApp = track(app.stop);
  try {
    const fans = await createFans(app.url, /** @type {string} */ (env.FIREBASE_AUTH_EMULATOR_HOST), FANS);
    /** @type {(p: string, fan: Fan, body: object) => Promise<import('./lib/measure.mjs').Reply>} */
    const post = (p, fan, body) => timed(`${app.url}${p}`, { method: 'POST', headers: fan.headers, body: JSON.stringify(body) });
    say('bench', 'live updates: 1,000 open tabs polling, 2 × 60 s');
    return await liveWorkload({ url: app.url, fans, targets: f.hot, log: queryLog(logFile), post, playerId: f.playerId });
  } finally {
    await stopApp();
  }
}

/**
 * `--filters-only`: the feed through a fan's filters, from a fresh `next start` per data set that measures nothing else.
 * @param {DataSet} set
 * @param {Env} env
 * @param {string} work
 * @returns {Promise<import('./lib/report.mjs').MeasuredSet>}
 */
async function measureFiltersOnly(set, env, work) {
  const logFile = path.join(work, `${set.id}-filters-queries.jsonl`);
  const app = await startApp({ ...env, MONGODB_URI: set.uri, TAKES_QUERY_LOG: logFile }, DIST);
  const stopApp = track(app.stop);
  try {
    say('bench', `${set.label}: the feed through a fan's filters`);
    const filtered = await filteredFeed({
      url: app.url,
      uri: set.uri,
      emulatorHost: /** @type {string} */ (env.FIREBASE_AUTH_EMULATOR_HOST),
      duration: DURATION,
      log: queryLog(logFile),
      drain: async () => {
        await timed(`${app.url}/api/health`);
      },
    });
    return {
      set: set.label,
      takes: set.takes ?? 0,
      endpoints: {},
      phaseSeconds: {},
      peakRssBytes: 0,
      outboundConnections: [],
      filteredFeed: filtered,
      id: set.id,
      budgeted: false,
    };
  } finally {
    await stopApp();
  }
}

/**
 * @param {string} file
 * @returns {SetMeasures['outboundConnections']}
 */
function readLines(file) {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
  } catch {
    return [];
  }
}

async function main() {
  const started = Date.now();
  // Other work on the machine skews every figure; the report says how busy it was.
  const loadBefore = /** @type {number} */ (os.loadavg()[0]);
  ensureDependencies();
  // Before the long run, not at its end: the pages and dev sections need a browser.
  const chromium = ensureChromium(ROOT);
  const localDbBin = buildLocalDb();
  const work = mkdtempSync(path.join(os.tmpdir(), 'takes-bench-'));
  // The engine keeps every set in one JVM's heap: with 100k takes, their comments, actions and search keys, its old
  // generation held over 5 GB, near all an 8 GB heap gives it and far past the default 2 GB.
  if (TAKES > 10_000) process.env.LOCALDB_JAVA_OPTS ??= `-Xmx${Math.min(12, 4 + 2 * Math.ceil(TAKES / 25_000))}g -XX:+UseSerialGC`;
  const stack = await localStack({ dataDir: work, ephemeral: true });
  const stopStack = track(async () => {
    await stack.stop();
    rmSync(work, { recursive: true, force: true });
  });
  try {
    const env = {
      ...stack.env,
      NODE_ENV: 'production',
      TAKES_ALLOW_AUTH_EMULATOR: '1',
      NEXT_TELEMETRY_DISABLED: '1',
      LOCALDB_BIN: localDbBin,
    };
    const runId = Date.now().toString(36);
    const uri = (/** @type {string} */ name) => stack.env.MONGODB_URI.replace(/\/[^/]*$/, `/${name}-${runId}`);
    const outDir = () => {
      const dir = path.join(ROOT, 'bench', 'results', new Date().toISOString().replace(/[:.]/g, '-'));
      mkdirSync(dir, { recursive: true });
      return dir;
    };
    // npm run dev's first start, on a database of its own (issue 39): it needs no production build.
    const dev = () => {
      say('bench', 'npm run dev: first hits');
      return measureDev({ env: stack.env, uri: uri('bench-dev'), distDir: DIST, chromium });
    };
    if (DEV_ONLY) {
      const measured = await dev();
      const files = writeDevReport(outDir(), {
        startedAt: new Date(started).toISOString(),
        minutes: (Date.now() - started) / 60_000,
        loadBefore,
        loadAfter: /** @type {number} */ (os.loadavg()[0]),
        dev: measured,
      });
      say('bench', `report: ${path.relative(ROOT, files.markdown)}`);
      return;
    }
    // --analyze leaves the bundle analysis in the build folder: the pages section names each page's largest modules from it.
    run('production build', bin('next'), LIVE_ONLY || CACHE_ONLY || FILTERS_ONLY || ZONES_ONLY || SETTLE_ONLY ? ['build'] : ['build', '--analyze'], {
      ...env,
      NEXT_DIST_DIR: DIST,
    });
    const demoUri = uri('bench-demo');
    run('seed demo data', ...tsx('scripts/seed.ts'), { ...env, MONGODB_URI: demoUri });
    run('seed callers standings', ...tsx('bench/seed-callers.ts'), { ...env, MONGODB_URI: demoUri });
    const meta = () => ({
      startedAt: new Date(started).toISOString(),
      minutes: (Date.now() - started) / 60_000,
      durationPerEndpoint: DURATION,
      lighthouseRuns: LIGHTHOUSE_RUNS,
      machine: {
        cpus: os.cpus().length,
        memoryGb: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
        loadBefore,
        loadAfter: /** @type {number} */ (os.loadavg()[0]),
      },
      dist: DIST,
    });

    if (LIVE_ONLY) {
      const live = await measureLiveOnly(demoUri, env, work);
      const m = meta();
      const files = writeLiveReport(outDir(), { meta: m, live, where: 'demo seed' });
      say('bench', `report: ${path.relative(ROOT, files.markdown)} (${m.minutes.toFixed(1)} min)`);
      return;
    }

    if (CACHE_ONLY) {
      say('bench', 'cache growth: reactions as the shared cache fills');
      const cache = await measureCacheGrowth({
        uri: demoUri,
        env,
        distDir: DIST,
        emulatorHost: /** @type {string} */ (env.FIREBASE_AUTH_EMULATOR_HOST),
      });
      const files = writeCacheReport(outDir(), { meta: meta(), cache });
      say('bench', `report: ${path.relative(ROOT, files.markdown)}`);
      return;
    }

    if (ZONES_ONLY) {
      say('bench', 'memory over time-zone spellings');
      const zones = await measureZoneMemory({ uri: demoUri, env, distDir: DIST });
      const files = writeZoneReport(outDir(), { meta: meta(), zones });
      say('bench', `report: ${path.relative(ROOT, files.markdown)}`);
      return;
    }

    // One final settling 1,000 calls, from an app of its own on the demo seed (bench/lib/settle.mjs).
    const settle = () => {
      say('bench', 'demo seed: one final settling 1,000 calls');
      return measureSettlement({
        uri: demoUri,
        env,
        distDir: DIST,
        emulatorHost: /** @type {string} */ (env.FIREBASE_AUTH_EMULATOR_HOST),
        logFile: path.join(work, 'settle-queries.jsonl'),
      });
    };
    if (SETTLE_ONLY) {
      const measuredSettle = await settle();
      const m = meta();
      const files = writeSettleReport(outDir(), { meta: m, sets: [{ set: 'demo seed', settle: measuredSettle }] });
      say('bench', `report: ${path.relative(ROOT, files.markdown)} (${m.minutes.toFixed(1)} min)`);
      return;
    }

    if (PAGES_ONLY) {
      const pages = await measurePagesOnly(demoUri, env);
      const m = meta();
      const files = writePagesReport(outDir(), { meta: m, pages });
      say('bench', `report: ${path.relative(ROOT, files.markdown)} (${m.minutes.toFixed(1)} min)`);
      return;
    }

    const label = (/** @type {number} */ takes) => (takes >= 1000 ? `${takes / 1000}k` : String(takes));
    /** @type {DataSet[]} */
    const sets = [
      { id: 'demo', label: 'demo seed', uri: demoUri, pages: true, takes: 330 },
      // The 10k set is always measured, so a larger one is judged beside it as well as beside the demo.
      ...[...new Set(ENDPOINTS_ONLY ? [] : [10_000, TAKES])].map((takes) => ({
        id: label(takes),
        label: `${label(takes)} synthetic`,
        uri: uri(`bench-${label(takes)}`),
        budgeted: takes === 10_000,
        large: takes > 10_000,
        takes,
      })),
    ];
    for (const set of sets.slice(1)) {
      run('seed reference data', ...tsx('scripts/seed.ts', '--reference-only'), { ...env, MONGODB_URI: set.uri });
      const synthetic = /** @type {import('./lib/report.mjs').SetCounts} */ (
        JSON.parse(
          /** @type {string} */ (
            run(`seed ${set.takes} synthetic takes`, ...tsx('bench/seed-set.ts', '--takes', String(set.takes)), {
              ...env,
              MONGODB_URI: set.uri,
            })
              .trim()
              .split('\n')
              .pop()
          ),
        )
      );
      set.takes = synthetic.takes;
      set.counts = synthetic;
      run('seed callers standings', ...tsx('bench/seed-callers.ts'), { ...env, MONGODB_URI: set.uri });
    }

    if (FILTERS_ONLY) {
      const measuredSets = [];
      for (const set of sets) measuredSets.push(await measureFiltersOnly(set, env, work));
      const m = meta();
      const files = writeFiltersReport(outDir(), { meta: m, sets: measuredSets });
      say('bench', `report: ${path.relative(ROOT, files.markdown)} (${m.minutes.toFixed(1)} min)`);
      return;
    }

    /** @type {import('./lib/report.mjs').MeasuredSet[]} */
    const measured = [];
    for (const set of sets)
      measured.push({
        ...(await measureSet(set, env, work)),
        id: set.id,
        budgeted: Boolean(set.budgeted),
        large: Boolean(set.large),
        counts: set.counts,
      });

    if (!ENDPOINTS_ONLY) /** @type {import('./lib/report.mjs').MeasuredSet} */ (measured[0]).settle = await settle();
    const devHits = ENDPOINTS_ONLY ? undefined : await dev();
    const m = meta();
    const before = BEFORE
      ? /** @type {{ sets: import('./lib/report.mjs').MeasuredSet[] }} */ (JSON.parse(readFileSync(BEFORE, 'utf8'))).sets
      : undefined;
    const files = writeReport(outDir(), { meta: m, sets: measured, ...(before ? { before } : {}), ...(devHits ? { dev: devHits } : {}) });
    say('bench', `report: ${path.relative(ROOT, files.markdown)} (${m.minutes.toFixed(1)} min)`);
  } finally {
    await stopStack();
  }
}

main().catch((error) => {
  console.error(`\nbench: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
