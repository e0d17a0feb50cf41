// @ts-check
// What a page costs a phone: the JavaScript its first load fetches, for the measured pages and for every page route
// of the build, and Lighthouse's mobile runs (simulated slow 4G and a 4× slower CPU, Lighthouse's default).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { gzipSync } from 'node:zlib';
import { ROOT, say, SetupError } from '../../scripts/lib/services.mjs';
import { median } from './measure.mjs';

/**
 * A page's Lighthouse figures: the median run by score, every run's score and TBT (judged on their median: one page's
 * TBT moved 100 ms and more between runs of one build), and the largest paint of one more run under DevTools
 * throttling. Lighthouse's simulated LCP counts every script that finished downloading before the paint it saw, and
 * from a local server the framework's often have, so one build's spread over more than a second (bench/README.md).
 * @typedef {{ scores: number[]; tbtRuns: number[]; tbt: number; cls: number; lcpThrottled: number }} Lighthouse
 */
/** @typedef {{ path: string; js: number; preloaded: number; lighthouse: Lighthouse }} Page first-load JS, gzip bytes */
/** @typedef {{ bootstrap: number; pages: Record<string, Page>; routes: { route: string; js: number }[] }} Pages */

/** @type {Map<string, number>} */
const gzipped = new Map();
const gzipBytes = (/** @type {string} */ file) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(file), { level: 9 }).length);
  return /** @type {number} */ (gzipped.get(file));
};
const inBuild = (/** @type {string} */ distDir, /** @type {string[]} */ files) =>
  files.reduce((n, file) => n + gzipBytes(path.join(distDir, file)), 0);

/**
 * Every script a page's HTML has a modern browser load from the build: its `<script src>` tags, and the scripts it
 * preloads, which are the chunks of the next/dynamic components the server rendered (needed before they hydrate).
 * @returns {Promise<{ js: number; preloaded: number }>}
 */
async function firstLoadJs(/** @type {string} */ url, /** @type {string} */ distDir) {
  const html = await (await fetch(url)).text();
  const tags = (/** @type {RegExp} */ tag) => [...html.matchAll(tag)].map((m) => m[0]).filter((t) => !/\snomodule\b/i.test(t));
  const files = (/** @type {string[]} */ found, /** @type {RegExp} */ attribute) =>
    found
      .map((t) => attribute.exec(t)?.[1] ?? '')
      .filter((src) => src.startsWith('/_next/static/'))
      .map((src) => decodeURIComponent(src.slice('/_next/'.length).split('?')[0] ?? ''));
  const scripts = new Set(files(tags(/<script\b[^>]*>/g), /\ssrc="([^"]+)"/));
  const links = tags(/<link\b[^>]*>/g).filter((t) => /\srel="(?:preload|modulepreload)"/.test(t) && !/\sas="(?!script)/.test(t));
  const preloads = [...new Set(files(links, /\shref="([^"]+)"/))].filter((src) => src.endsWith('.js') && !scripts.has(src));
  const preloaded = inBuild(distDir, preloads);
  return { js: inBuild(distDir, [...scripts]) + preloaded, preloaded };
}

/**
 * Every page route's first-load scripts as the build lists them (the bootstrap, the route's layouts, page and
 * boundaries), from each page's client reference manifest: a page anyone adds is measured without an address for it.
 */
function routeFirstLoads(/** @type {string} */ distDir, /** @type {string[]} */ bootstrap) {
  /** @type {{ route: string; js: number }[]} */
  const routes = [];
  const walk = (/** @type {string} */ dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === 'page_client-reference-manifest.js') {
        // A script that sets a global, read in a context of its own.
        /** @type {{ __RSC_MANIFEST?: Record<string, { entryJSFiles: Record<string, string[]> }> }} */
        const scope = {};
        vm.runInNewContext(readFileSync(full, 'utf8'), { globalThis: scope, self: scope });
        for (const [page, manifest] of Object.entries(scope.__RSC_MANIFEST ?? {})) {
          const files = [...new Set([...bootstrap, ...Object.values(manifest.entryJSFiles).flat()])];
          routes.push({ route: page.replace(/\/page$/, '') || '/', js: inBuild(distDir, files) });
        }
      }
    }
  };
  walk(path.join(distDir, 'server', 'app'));
  return routes.sort((a, b) => b.js - a.js);
}

/**
 * The Chromium Lighthouse drives: CHROMIUM_PATH, Debian's, or Playwright's. As root on Debian a missing one is
 * installed with apt-get, as `npm test` does; elsewhere the bench stops before its long run and says how to get one.
 */
export function ensureChromium() {
  for (const candidate of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'])
    if (candidate && existsSync(candidate)) return candidate;
  try {
    const bundled = createRequire(path.join(ROOT, 'package.json'))('playwright-core').chromium.executablePath();
    if (existsSync(bundled)) return /** @type {string} */ (bundled);
  } catch {
    // no Playwright browser either
  }
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    say('chromium', 'installing Debian chromium (apt-get)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-dejavu-core'], { stdio: 'inherit', env });
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  throw new SetupError(
    'Lighthouse needs Chromium: install it (Debian: apt-get install chromium), run `npx playwright install chromium`, or set CHROMIUM_PATH.',
  );
}

/** `runs` Lighthouse performance runs of `url`, then one for the LCP under DevTools throttling. @returns {Promise<Lighthouse>} */
async function lighthouseRuns(/** @type {string} */ url, /** @type {number} */ port, /** @type {number} */ runs) {
  const { default: lighthouse } = await import('lighthouse');
  const options = { port, output: /** @type {const} */ ('json'), logLevel: /** @type {const} */ ('error') };
  /** @type {{ score: number; tbt: number; cls: number }[]} */
  const tries = [];
  for (let i = 0; i < runs; i += 1) {
    const lhr = (await lighthouse(url, { ...options, onlyCategories: ['performance'] }))?.lhr;
    const audit = (/** @type {string} */ id) => lhr?.audits[id]?.numericValue ?? NaN;
    const score = Math.round((lhr?.categories.performance?.score ?? 0) * 100);
    tries.push({ score, tbt: audit('total-blocking-time'), cls: audit('cumulative-layout-shift') });
  }
  const throttled = (await lighthouse(url, { ...options, onlyAudits: ['largest-contentful-paint'], throttlingMethod: 'devtools' }))?.lhr;
  const middle = /** @type {{ cls: number }} */ ([...tries].sort((a, b) => a.score - b.score)[Math.floor(tries.length / 2)]);
  const [scores, tbtRuns] = [tries.map((t) => t.score), tries.map((t) => t.tbt)];
  const lcpThrottled = throttled?.audits['largest-contentful-paint']?.numericValue ?? NaN;
  return { scores, tbtRuns, tbt: median(tbtRuns), cls: middle.cls, lcpThrottled };
}

/**
 * Every page figure of one running app, Lighthouse after one request per page (so a cold server's first render is
 * not what the phone waits for).
 * @param {import('./context.mjs').Ctx} ctx
 * @param {string} distDir
 * @param {number} runs
 */
export async function measurePages({ url, f, r }, distDir, runs) {
  const { rootMainFiles } = JSON.parse(readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8'));
  const { launch } = await import('chrome-launcher');
  const chrome = await launch({
    chromePath: ensureChromium(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    logLevel: 'silent',
  });
  try {
    /** @type {Record<string, Page>} */
    const pages = {};
    const measured = {
      home: '/',
      take: `/takes/${f.takeId}`,
      player: `/players/${f.playerId}`,
      trending: '/trending',
      profile: `/profile/${f.profileId}`,
    };
    for (const [id, page] of Object.entries(measured)) {
      const js = await firstLoadJs(`${url}${page}`, distDir);
      say('bench', `pages: Lighthouse on ${id}`);
      pages[id] = { path: page, ...js, lighthouse: await lighthouseRuns(`${url}${page}`, chrome.port, runs) };
    }
    r.pages = { bootstrap: inBuild(distDir, rootMainFiles), pages, routes: routeFirstLoads(distDir, rootMainFiles) };
  } finally {
    await chrome.kill();
  }
}
