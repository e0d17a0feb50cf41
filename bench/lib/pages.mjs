// @ts-check
// What a page costs the browser: the JavaScript its first load fetches, the
// client modules that weigh most in it (from the build's bundle analysis), and
// a Lighthouse mobile run (simulated slow 4G and a 4× slower CPU, Lighthouse's default).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { gzipSync } from 'node:zlib';
import { say, SetupError } from '../../scripts/lib/services.mjs';

/** @typedef {{ takeId: string; playerId: number; profileId: string }} PageFixtures */
/** @typedef {{ scripts: number; gzipBytes: number }} ScriptBytes */
/** @typedef {ScriptBytes & { preloaded: ScriptBytes }} PageScripts Every script of a page's HTML; `preloaded`: those of them only preloaded, the chunks of next/dynamic components the server rendered. */
/** @typedef {ScriptBytes & { route: string }} RouteScripts A page route's scripts as the build lists them (layouts, page, boundaries). */
/** @typedef {{ module: string; gzipBytes: number }} ModuleBytes */
/**
 * One Lighthouse run's figures (null where Lighthouse had none).
 * @typedef {{
 *   url: string;
 *   performance: number;
 *   cls: number | null;
 *   lcpMs: number | null;
 *   fcpMs: number | null;
 *   tbtMs: number | null;
 *   speedIndexMs: number | null;
 *   shifted: { node: string | null; score: number }[];
 *   lcpElement: string | null;
 *   busiestScripts: { url: string; ms: number }[];
 *   warnings: string[];
 *   benchmarkIndex: number | null;
 * }} LighthouseRun
 */
/**
 * A page's median run by score, with every run's score, and the largest paint observed in one more run under
 * DevTools throttling (`throttledLcpMs`: the same slow 4G and 4× slower CPU, applied to the browser rather than simulated).
 * `tbtMs` is the median of every run's TBT (`tbtRunsMs`), not the median-score run's own: one run's blocking time
 * moves by 100 ms and more between runs of one build (home 69 and 148 ms, profile 130 and 160, in two runs of the
 * same pages), and the score run it came with is picked by a score that Lantern's LCP moves as much.
 * `benchmarkIndexes`: Lighthouse's own measure of the host's CPU, taken just before each run (`lhr.environment`), which the
 * simulated CPU figures follow: its default 4× slowdown is meant for a host of about 1,500 (Lighthouse's
 * throttling guide), and a slower moment gives a slower simulated phone.
 * @typedef {LighthouseRun & { runs: number; scores: number[]; tbtRunsMs: (number | null)[]; benchmarkIndexes: (number | null)[]; throttledLcpMs: number | null }} Lighthouse
 */
/**
 * What is read of Lighthouse's result (its `lhr`): the audits' figures and the details of three of them.
 * @typedef {{
 *   audits: Record<string, { numericValue?: number } | undefined> & {
 *     'layout-shifts'?: { details?: { items?: { node?: { snippet?: string; selector?: string }; score: number }[] } };
 *     'largest-contentful-paint-element'?: { details?: { items?: { items?: { node?: { snippet?: string } }[] }[] } };
 *     'bootup-time'?: { details?: { items?: { url: string; total: number }[] } };
 *   };
 *   categories: { performance: { score: number | null } };
 *   environment?: { benchmarkIndex?: number };
 *   runWarnings?: string[];
 * }} Lhr
 */
/**
 * A line of `next analyze export`: a group of output files of a route, or a part of a module in one of them.
 * @typedef {{ type: 'group'; route: string; kind: string; outputs: string[] }} AnalyzeGroup
 * @typedef {AnalyzeGroup | { type: 'part'; route: string; filename: string; source_path: string; compressed_size: number }} AnalyzeRecord
 */
/**
 * @typedef {{
 *   route: string;
 *   path: string;
 *   firstLoadJs: PageScripts;
 *   largestModules: ModuleBytes[] | null;
 *   lighthouse?: Lighthouse;
 * }} Page
 */
/** @typedef {keyof ReturnType<typeof pageList>} PageId */
/** @typedef {{ pages: Record<PageId, Page>; frameworkJs: ScriptBytes; routes: (RouteScripts & { largestModules: ModuleBytes[] | null })[] }} Pages */

/**
 * The budget of issue 39 for every page: at most 30 kB gzip of the app's own JavaScript in a first load, over the
 * framework's bootstrap (which a blank create-next-app page ships too, about 132 kB with Next 16.4).
 */
export const OWN_JS_BUDGET_BYTES = 30_000;

/**
 * The measured pages: the app route each renders (the analysis is keyed by route) and its address for this data set.
 * @param {PageFixtures} f
 */
export function pageList(f) {
  return {
    home: { route: '/', path: '/' },
    take: { route: '/takes/[id]', path: `/takes/${f.takeId}` },
    player: { route: '/players/[playerID]', path: `/players/${f.playerId}` },
    trending: { route: '/trending', path: '/trending' },
    profile: { route: '/profile/[userID]', path: `/profile/${f.profileId}` },
  };
}

/** @type {Map<string, number>} */
const gzipped = new Map();
/** A build file's size gzipped at level 9, once per file: every route shares most of its scripts. */
const gzipBytes = (/** @type {string} */ file) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(file), { level: 9 }).length);
  return /** @type {number} */ (gzipped.get(file));
};

/**
 * Sums the gzipped size of every script the page's HTML has a modern browser
 * load from the build (not `nomodule` polyfills): the `<script src>` tags and
 * the scripts it preloads, which are the chunks of the next/dynamic components
 * the server rendered, needed before those parts of the page can hydrate.
 * @param {string} url
 * @param {string} distDir
 * @returns {Promise<PageScripts>}
 */
export async function firstLoadJs(url, distDir) {
  const html = await (await fetch(url)).text();
  const modern = (/** @type {RegExp} */ tag) => [...html.matchAll(tag)].map((m) => m[0]).filter((t) => !/\snomodule\b/i.test(t));
  const fromBuild = (/** @type {string[]} */ tags, /** @type {RegExp} */ attribute) =>
    tags.map((tag) => attribute.exec(tag)?.[1]).filter((src) => src?.startsWith('/_next/static/'));
  const scripts = new Set(fromBuild(modern(/<script\b[^>]*>/g), /\ssrc="([^"]+)"/));
  const preloads = fromBuild(
    modern(/<link\b[^>]*>/g).filter((tag) => /\srel="(?:preload|modulepreload)"/.test(tag) && !/\sas="(?!script)/.test(tag)),
    /\shref="([^"]+)"/,
  ).filter((src) => src?.endsWith('.js') && !scripts.has(src));
  const bytes = (/** @type {(string | undefined)[]} */ sources) =>
    sources.reduce(
      (n, src) => n + gzipBytes(path.join(distDir, decodeURIComponent((src ?? '').replace(/^\/_next\//, '').split('?')[0] ?? ''))),
      0,
    );
  const preloaded = { scripts: new Set(preloads).size, gzipBytes: bytes([...new Set(preloads)]) };
  return {
    scripts: scripts.size + preloaded.scripts,
    gzipBytes: bytes([...scripts]) + preloaded.gzipBytes,
    preloaded,
  };
}

/**
 * Every page route's first-load scripts as the build lists them: the framework's bootstrap and the chunks of the
 * route's layouts, page and boundaries, from each page's client reference manifest (the files the server puts in
 * the HTML). Offline, so a page added by anyone is measured without knowing an address for it; a next/dynamic
 * component the server renders adds its chunk on top (firstLoadJs measures that on the pages it loads).
 * @param {string} distDir
 * @returns {RouteScripts[]}
 */
export function routeFirstLoads(distDir) {
  const { rootMainFiles } = /** @type {{ rootMainFiles: string[] }} */ (
    JSON.parse(readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8'))
  );
  /** @type {RouteScripts[]} */
  const routes = [];
  const walk = (/** @type {string} */ dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === 'page_client-reference-manifest.js') {
        // The manifest is a script that sets a global; it is read in a context of its own.
        /** @type {{ __RSC_MANIFEST?: Record<string, { entryJSFiles: Record<string, string[]> }> }} */
        const scope = {};
        vm.runInNewContext(readFileSync(full, 'utf8'), { globalThis: scope, self: scope });
        for (const [page, manifest] of Object.entries(scope.__RSC_MANIFEST ?? {})) {
          const files = new Set([...rootMainFiles, ...Object.values(manifest.entryJSFiles).flat()]);
          routes.push({
            route: page.replace(/\/page$/, '') || '/',
            scripts: files.size,
            gzipBytes: [...files].reduce((n, file) => n + gzipBytes(path.join(distDir, file)), 0),
          });
        }
      }
    }
  };
  walk(path.join(distDir, 'server', 'app'));
  return routes.sort((a, b) => b.gzipBytes - a.gzipBytes);
}

/**
 * What every page loads before any of the app's code: the framework's bootstrap
 * scripts (React, the App Router, Turbopack's runtime), as the build manifest names them.
 * @param {string} distDir
 * @returns {ScriptBytes}
 */
export function frameworkJs(distDir) {
  const manifest = /** @type {{ rootMainFiles: string[] }} */ (JSON.parse(readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8')));
  return {
    scripts: manifest.rootMainFiles.length,
    gzipBytes: manifest.rootMainFiles.reduce((n, file) => n + gzipBytes(path.join(distDir, file)), 0),
  };
}

const shortPath = (/** @type {string} */ source) => source.replace(/^\[project\]\//, '').replace(/^node_modules\//, '');

/**
 * The largest modules of a route's first load, from the analysis `next build
 * --analyze` leaves in the build folder: every client script of the route's
 * bootstrap and render groups (not the async ones, which load on demand),
 * attributed to the modules inside. Sizes are each module compressed on its
 * own, so they add up to more than the scripts' gzip.
 * @param {string} root
 * @param {string} distDir
 * @param {string} route
 * @returns {ModuleBytes[] | null}
 */
export function largestClientModules(root, distDir, route, count = 400) {
  const result = spawnSync(
    path.join(root, 'node_modules', '.bin', 'next'),
    ['analyze', 'export', '--dist-dir', distDir, '--route', route],
    {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 256 * 2 ** 20,
    },
  );
  if (result.status !== 0) return null;
  const records = result.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => /** @type {AnalyzeRecord} */ (JSON.parse(line)));
  const firstLoad = new Set(
    records
      .filter((r) => r.type === 'group' && r.route === route && r.kind !== 'async' && r.kind !== 'worker')
      .flatMap((g) => /** @type {AnalyzeGroup} */ (g).outputs)
      .filter((o) => o.startsWith('[client-fs]') && o.endsWith('.js')),
  );
  /** @type {Map<string, number>} */
  const bytes = new Map();
  for (const part of records) {
    if (part.type !== 'part' || part.route !== route || !firstLoad.has(part.filename)) continue;
    const key = shortPath(part.source_path);
    bytes.set(key, (bytes.get(key) ?? 0) + part.compressed_size);
  }
  return [...bytes]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([module, gzip]) => ({ module, gzipBytes: gzip }));
}

/**
 * Debian's Chromium, the one CHROMIUM_PATH names, or Playwright's; null when there is none.
 * @param {string} root
 * @returns {string | null}
 */
function findChromium(root) {
  for (const candidate of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  try {
    /** @type {string} */
    const bundled = createRequire(path.join(root, 'package.json'))('playwright-core').chromium.executablePath();
    return existsSync(bundled) ? bundled : null;
  } catch {
    return null;
  }
}

/**
 * The Chromium Lighthouse drives. As root on Debian, a missing one is installed
 * with apt-get (Debian's chromium, as `npm test` does); elsewhere the bench
 * stops before its long run and says how to get one, so its pages section is
 * never left empty.
 * @param {string} root
 * @returns {string}
 */
export function ensureChromium(root) {
  const found = findChromium(root);
  if (found) return found;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    say('chromium', 'installing Debian chromium (apt-get)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const result = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-dejavu-core'], { stdio: 'inherit', env });
    if (result.status === 0 && existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
    throw new SetupError('apt-get could not install chromium, which the pages section (Lighthouse) needs.');
  }
  throw new SetupError(
    'the pages section (Lighthouse) needs Chromium: install it (Debian: sudo apt-get install chromium), run `npx playwright install chromium`, or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
}

/**
 * `runs` Lighthouse performance runs per URL, in one headless Chromium; each
 * URL's median run by score is kept, since one run on a shared machine can
 * catch another process's busy moment. Then one run with DevTools throttling for
 * the page's LCP: Lighthouse's simulated LCP counts every script that finished
 * downloading before the paint it observed, and from a local server the
 * framework's scripts often do, so one build's simulated LCP spreads over more
 * than a second (bench/README.md#what-it-measures); a throttled browser paints what a phone would.
 * @param {string[]} urls
 * @param {string} chromePath
 * @returns {Promise<Lighthouse[]>}
 */
export async function lighthouseRuns(urls, chromePath, runs = 1) {
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const chrome = await launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    logLevel: 'silent',
  });
  try {
    /** @type {Lighthouse[]} */
    const kept = [];
    for (const url of urls) {
      /** @type {LighthouseRun[]} */
      const tries = [];
      for (let i = 0; i < runs; i += 1) {
        const { lhr } = /** @type {{ lhr: Lhr }} */ (
          /** @type {unknown} */ (
            await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' })
          )
        );
        const audit = (/** @type {string} */ id) => lhr.audits[id]?.numericValue ?? null;
        tries.push({
          url,
          performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
          cls: audit('cumulative-layout-shift'),
          lcpMs: audit('largest-contentful-paint'),
          fcpMs: audit('first-contentful-paint'),
          tbtMs: audit('total-blocking-time'),
          speedIndexMs: audit('speed-index'),
          // What holds the scores back: the elements that shifted, the LCP element, and the scripts that kept the main thread busy.
          shifted: (lhr.audits['layout-shifts']?.details?.items ?? [])
            .slice(0, 3)
            .map((i) => ({ node: i.node?.snippet ?? i.node?.selector ?? null, score: i.score })),
          lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
          busiestScripts: (lhr.audits['bootup-time']?.details?.items ?? [])
            .slice(0, 3)
            .map((i) => ({ url: i.url, ms: Math.round(i.total) })),
          warnings: lhr.runWarnings ?? [],
          benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
        });
      }
      const sorted = [...tries].sort((a, b) => a.performance - b.performance);
      const { lhr: throttled } = /** @type {{ lhr: Lhr }} */ (
        /** @type {unknown} */ (
          await lighthouse(url, {
            port: chrome.port,
            onlyAudits: ['largest-contentful-paint'],
            throttlingMethod: 'devtools',
            output: 'json',
            logLevel: 'error',
          })
        )
      );
      const tbts = tries.flatMap((t) => (t.tbtMs === null ? [] : [t.tbtMs])).sort((a, b) => a - b);
      kept.push({
        .../** @type {LighthouseRun} */ (sorted[Math.floor(sorted.length / 2)]),
        tbtMs: tbts[Math.floor(tbts.length / 2)] ?? null,
        tbtRunsMs: tries.map((t) => t.tbtMs),
        benchmarkIndexes: tries.map((t) => t.benchmarkIndex),
        runs: tries.length,
        scores: tries.map((t) => t.performance),
        throttledLcpMs: throttled.audits['largest-contentful-paint']?.numericValue ?? null,
      });
    }
    return kept;
  } finally {
    await chrome.kill();
  }
}

/**
 * Every page figure for one running app: first-load JS and its largest
 * modules, then Lighthouse (after one warm-up request per page, so a cold
 * server's first render is not what the phone waits for).
 * @param {{ url: string; fixtures: PageFixtures; root: string; distDir: string; lighthouseRunsPerPage: number }} options
 * @returns {Promise<Pages>}
 */
export async function measurePages({ url, fixtures, root, distDir, lighthouseRunsPerPage }) {
  const list = pageList(fixtures);
  const pages = /** @type {Record<PageId, Page>} */ ({});
  for (const [id, page] of Object.entries(list)) {
    pages[/** @type {PageId} */ (id)] = {
      ...page,
      firstLoadJs: await firstLoadJs(`${url}${page.path}`, distDir),
      largestModules: largestClientModules(root, distDir, page.route),
    };
  }
  const framework = frameworkJs(distDir);
  // Every route the build has, with the heaviest modules of each over the budget, so a new page is held to it too.
  const routes = routeFirstLoads(distDir).map((r) => ({
    ...r,
    largestModules: r.gzipBytes - framework.gzipBytes > OWN_JS_BUDGET_BYTES ? largestClientModules(root, distDir, r.route) : null,
  }));
  const out = { pages, frameworkJs: framework, routes };
  const chromium = ensureChromium(root);
  for (const page of Object.values(list)) await fetch(`${url}${page.path}`).then((r) => r.arrayBuffer());
  const runs = await lighthouseRuns(
    Object.values(list).map((p) => `${url}${p.path}`),
    chromium,
    lighthouseRunsPerPage,
  );
  /** @type {PageId[]} */ (Object.keys(list)).forEach((id, i) => (pages[id].lighthouse = runs[i]));
  return out;
}
