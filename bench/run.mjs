// @ts-check
// `npm run bench`: what the production build costs, judged against the budgets of bench/lib/budgets.mjs, measured the
// same way every time on the demo seed and a synthetic 10,000-take set. It reports; it never fails a build. Its options
// and sections: bench/README.md. The build goes to TAKES_BENCH_DIST_DIR (default .next).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { localStack } from '../scripts/lib/stack.mjs';
import { buildLocalDb, ensureDependencies, ROOT, say } from '../scripts/lib/services.mjs';
import { context, fixtures } from './lib/context.mjs';
import { measureDev } from './lib/dev.mjs';
import { measureBaselines, measureEndpoints } from './lib/endpoints.mjs';
import { measureFilters } from './lib/filters.mjs';
import { measureLive } from './lib/live.mjs';
import { jsonLines } from './lib/measure.mjs';
import { ensureChromium, measurePages } from './lib/pages.mjs';
import { writeReport } from './lib/report.mjs';
import { runStep as run, startApp, tsx, watchRss } from './lib/servers.mjs';
import { measureSettle } from './lib/settle.mjs';
import { measureMixed, measureWrites } from './lib/writes.mjs';
import { measureZones } from './lib/zones.mjs';

const args = process.argv.slice(2);
const option = (/** @type {string} */ name, /** @type {number} */ fallback) =>
  args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback;
const SECONDS = option('seconds', 3);
const TAKES = option('takes', 10_000);
const LIGHTHOUSE_RUNS = option('lighthouse-runs', 5);
const DIST = process.env.TAKES_BENCH_DIST_DIR || '.next';
const NET_WATCH = `--import ${path.join(ROOT, 'bench', 'lib', 'net-watch.mjs')}`;

/**
 * The sections of a data set's run, in order (reads before writes, so no read is timed beside them); `every`: on the
 * synthetic set as well as the demo seed; `alone`: on an app server of its own, the others sharing one. Pages run
 * first, alone: Lighthouse times the browser on the cores the servers share, and a server still busy after a load run
 * made the same pages' TBT read 175 to 316 ms where a fresh one read 59 to 197. The zones' memory is read alone too,
 * from a server nothing else has grown. The settlement writes a thousand takes, so it comes after the other writes.
 * @type {{ name: string; every?: boolean; alone?: boolean; run: (ctx: import('./lib/context.mjs').Ctx) => Promise<void> }[]}
 */
const SECTIONS = [
  { name: 'pages', alone: true, run: (ctx) => measurePages(ctx, path.join(ROOT, DIST), LIGHTHOUSE_RUNS) },
  { name: 'endpoints', every: true, run: measureEndpoints },
  { name: 'filters', every: true, run: measureFilters },
  { name: 'mixed', run: measureMixed },
  { name: 'live', run: measureLive },
  { name: 'writes', every: true, run: measureWrites },
  { name: 'baselines', every: true, run: measureBaselines },
  { name: 'settle', run: measureSettle },
  { name: 'zones', alone: true, run: measureZones },
];
const NAMES = [...SECTIONS.map((s) => s.name), 'dev'];
const ONLY = args.includes('--only') ? (args[args.indexOf('--only') + 1] ?? '').split(',') : [];
for (const name of ONLY.filter((n) => !NAMES.includes(n))) {
  console.error(`bench: --only ${name}: no such section (${NAMES.join(', ')})`);
  process.exit(2);
}
const wanted = (/** @type {string} */ name) => ONLY.length === 0 || ONLY.includes(name);

/** What a run has started, stopped on Ctrl-C as at a normal end (every server runs in a process group of its own). */
/** @type {Set<() => Promise<void>>} */
const running = new Set();
const track = (/** @type {() => Promise<void>} */ stop) => (running.add(stop), async () => (running.delete(stop), await stop()));
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, async () => {
    for (const stop of [...running].reverse()) await stop().catch(() => undefined);
    process.exit(130);
  });

/**
 * Every wanted section of one data set on a fresh app server (a section run alone on one more), with every database
 * command it sends logged and every connection it opens off the machine recorded (bench/lib/net-watch.mjs).
 * @param {import('./lib/context.mjs').DataSet} set
 * @param {Record<string, string | undefined>} env
 * @param {string} work
 */
async function measureSet(set, env, work) {
  const f = await fixtures(set.uri);
  /** @type {import('./lib/context.mjs').Results} */
  const results = { set: set.label };
  const logFile = path.join(work, `${set.id}-queries.jsonl`);
  const netLog = path.join(work, `${set.id}-net.jsonl`);
  const appEnv = { ...env, MONGODB_URI: set.uri, TAKES_QUERY_LOG: logFile, BENCH_NET_LOG: netLog, NODE_OPTIONS: NET_WATCH };
  /** @type {(typeof SECTIONS)[]} */
  const groups = [];
  for (const section of SECTIONS.filter((s) => wanted(s.name) && (s.every || set.demo))) {
    const last = groups.at(-1);
    if (last && !last[0]?.alone && !section.alone) last.push(section);
    else groups.push([section]);
  }
  for (const group of groups) {
    const app = await startApp(appEnv, DIST);
    const stop = track(app.stop);
    const rss = watchRss(app.pid);
    const ctx = context({ app, set, f, log: jsonLines(logFile), rss, env, seconds: SECONDS, r: results });
    try {
      for (const section of group) {
        say('bench', `${set.label}: ${section.name}`);
        await section.run(ctx);
      }
      if (!group[0]?.alone) results.peakRss = rss.peak();
    } finally {
      rss.stop();
      await stop();
    }
  }
  results.outbound = jsonLines(netLog).since(0).length;
  return results;
}

async function main() {
  const started = Date.now();
  // Other work on the machine skews every figure; the report says how busy it was.
  const [loadBefore = 0] = os.loadavg();
  ensureDependencies();
  // Before the long run, not at its end: the pages and the dev sections need a browser.
  const chromium = wanted('pages') || wanted('dev') ? ensureChromium() : '';
  const localDbBin = buildLocalDb();
  const work = mkdtempSync(path.join(os.tmpdir(), 'takes-bench-'));
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
    const label = TAKES >= 1000 ? `${TAKES / 1000}k` : String(TAKES);
    const measuring = SECTIONS.some((s) => wanted(s.name));
    /** @type {import('./lib/context.mjs').DataSet[]} */
    const sets = [
      { id: 'demo', label: 'demo seed', uri: uri('bench-demo'), demo: true },
      { id: label, label: `${label} synthetic`, uri: uri(`bench-${label}`), demo: false },
    ].filter((set) => measuring && (set.demo || SECTIONS.some((s) => s.every && wanted(s.name))));
    if (measuring) run('production build', [path.join(ROOT, 'node_modules', '.bin', 'next'), 'build'], { ...env, NEXT_DIST_DIR: DIST });
    for (const set of sets) {
      if (set.demo) run('seed demo data', tsx('scripts/seed.ts'), { ...env, MONGODB_URI: set.uri });
      else {
        run('seed reference data', tsx('scripts/seed.ts', '--reference-only'), { ...env, MONGODB_URI: set.uri });
        run(`seed ${TAKES} synthetic takes`, tsx('bench/seed-set.ts', '--takes', String(TAKES)), { ...env, MONGODB_URI: set.uri });
      }
      run('seed callers standings', tsx('bench/seed-callers.ts'), { ...env, MONGODB_URI: set.uri });
    }
    /** @type {import('./lib/report.mjs').MeasuredSet[]} */
    const measured = [];
    for (const set of sets) measured.push({ id: set.id, label: set.label, results: await measureSet(set, env, work) });
    // npm run dev's first start, on a database of its own that it seeds: it needs no production build.
    if (wanted('dev')) {
      say('bench', 'npm run dev: first hits');
      const dev = await measureDev({ env: stack.env, uri: uri('bench-dev'), distDir: DIST, chromium });
      // It seeds the demo data, so its budget sits with the demo seed's.
      if (measured[0]) measured[0].results.dev = dev;
      else measured.push({ id: 'demo', label: 'demo seed', results: { set: 'demo seed', dev } });
    }
    const dir = path.join(ROOT, 'bench', 'results', new Date().toISOString().replace(/[:.]/g, '-'));
    mkdirSync(dir, { recursive: true });
    const [loadAfter = 0] = os.loadavg();
    const machine = { cpus: os.cpus().length, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version };
    const timing = { startedAt: new Date(started).toISOString(), minutes: (Date.now() - started) / 60_000, seconds: SECONDS, only: ONLY };
    const meta = { ...timing, ...machine, loadBefore, loadAfter };
    const { met, of } = writeReport(dir, meta, measured);
    say('bench', `report: ${path.relative(ROOT, dir)}/report.md (${meta.minutes.toFixed(1)} min; budgets met ${met} of ${of})`);
  } finally {
    await stopStack();
  }
}

main().catch((error) => {
  console.error(`\nbench: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
