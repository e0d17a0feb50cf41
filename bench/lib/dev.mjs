// @ts-check
// `npm run dev`'s first hits (issue 39): the wait of a fan who arrives as soon as `npm run dev` says the site is up,
// on a first start (a build folder of its own, no compile cache). `next dev` compiles a route on its first request;
// scripts/dev.mjs compiles every route in the background from then on (scripts/lib/warm-up.mjs), and this measures
// what a fan still waits for: the home page, /create-username and its username check, from typing a free name to
// "Username is available!" (its 500 ms debounce included; budget 2 s).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { freePort, ROOT, SetupError } from '../../scripts/lib/services.mjs';

/** The budget of issue 39 for the first username check: its answer within 2 s of the last keystroke. */
export const FIRST_CHECK_BUDGET_MS = 2000;
/** A first compile on a busy machine can take a minute; past this the measure gives up. */
const FIRST_HIT_TIMEOUT_MS = 5 * 60_000;
/** How long the report waits for the background compile of every route to end. */
const WARM_UP_TIMEOUT_MS = 10 * 60_000;

/**
 * @typedef {{
 *   readyMs: number;
 *   warmUpMs: number | null;
 *   warmUpRoutes: number | null;
 *   homeMs: number;
 *   createUsernameMs: number;
 *   usernameCheckMs: number;
 *   secondCheckMs: number;
 * }} DevFirstHits
 */

/**
 * Starts `npm run dev` (scripts/dev.mjs) on free ports against `env`'s database server and auth emulator, with a
 * database of its own that it seeds as a fresh clone's first start does, and walks a fan through the sign-up's
 * username form in Chromium.
 * @param {{ env: Record<string, string | undefined>; uri: string; distDir: string; chromium: string }} options
 * @returns {Promise<DevFirstHits>}
 */
export async function measureDev({ env, uri, distDir, chromium }) {
  const port = await freePort();
  // A folder of its own, emptied first: the measure is of a first start, not of a compile cache left by another.
  const dist = path.join(distDir, 'bench-dev');
  rmSync(path.join(ROOT, dist), { recursive: true, force: true });
  /** @type {Record<string, string | undefined>} */
  const devEnv = {
    ...process.env,
    ...env,
    NODE_ENV: 'development',
    PORT: String(port),
    MONGODB_URI: uri,
    // The stack's emulator, as npm run dev would start it (scripts/lib/stack.mjs): the browser talks to it too.
    NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: env.FIREBASE_AUTH_EMULATOR_HOST,
    NEXT_PUBLIC_FIREBASE_PROJECT_ID: env.FIREBASE_PROJECT_ID,
    NEXT_DIST_DIR: dist,
  };
  delete devEnv.TAKES_ALLOW_AUTH_EMULATOR;
  const started = Date.now();
  const dev = spawn(process.execPath, ['scripts/dev.mjs'], { cwd: ROOT, env: devEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  /** @type {Map<RegExp, (at: number) => void>} */
  const waiting = new Map();
  dev.stdout.on('data', (chunk) => {
    output += chunk;
    for (const [pattern, resolve] of waiting) if (pattern.test(output)) resolve(Date.now());
  });
  dev.stderr.on('data', (chunk) => (output += chunk));
  const line = (/** @type {RegExp} */ pattern) =>
    new Promise((resolve, reject) => {
      if (pattern.test(output)) return resolve(Date.now());
      waiting.set(pattern, resolve);
      dev.once('exit', (code) =>
        reject(new SetupError(`npm run dev exited (code ${code}) before "${pattern.source}":\n${output.slice(-2000)}`)),
      );
    });
  const warmedUp = /** @type {Promise<number>} */ (line(/routes compiled ahead of their first request/));
  warmedUp.catch(() => undefined);
  const { chromium: browserType } = await import('@playwright/test');
  const browser = await browserType.launch({ executablePath: chromium || undefined, args: ['--no-sandbox'] });
  try {
    const ready = /** @type {number} */ (await line(/web\s+http:\/\//));
    const base = `http://127.0.0.1:${port}`;
    const page = await browser.newPage();
    page.setDefaultTimeout(FIRST_HIT_TIMEOUT_MS);
    let at = Date.now();
    await page.goto(`${base}/`, { waitUntil: 'load', timeout: FIRST_HIT_TIMEOUT_MS });
    const homeMs = Date.now() - at;
    // What sign-up hands /create-username (lib/client/pending-sign-up.ts); the form itself needs no account to check a name.
    await page.addInitScript(() =>
      sessionStorage.setItem('takes:create-username', JSON.stringify({ firebaseUID: 'bench-dev', email: 'bench-dev@takes.test' })),
    );
    at = Date.now();
    await page.goto(`${base}/create-username`, { waitUntil: 'load', timeout: FIRST_HIT_TIMEOUT_MS });
    const field = page.getByLabel('Username');
    await field.waitFor();
    const createUsernameMs = Date.now() - at;
    const check = async (/** @type {string} */ name) => {
      await field.fill(name);
      const typed = Date.now();
      await page.getByText('Username is available!').waitFor();
      return Date.now() - typed;
    };
    const usernameCheckMs = await check(`benchdev${Date.now().toString(36).slice(-6)}`);
    await field.fill('');
    const secondCheckMs = await check(`benchnew${Date.now().toString(36).slice(-6)}`);
    // The wait is cleared once the warm-up is in: a pending timer kept the finished bench alive for its whole length.
    /** @type {NodeJS.Timeout | undefined} */
    let waiting;
    const ended = await Promise.race([warmedUp, new Promise((resolve) => (waiting = setTimeout(resolve, WARM_UP_TIMEOUT_MS, null)))]).catch(
      () => null,
    );
    clearTimeout(waiting);
    const warmUp = ended ? /(\d+) routes compiled ahead of their first request \((\d+) s\)/.exec(output) : null;
    return {
      readyMs: ready - started,
      warmUpMs: warmUp ? Number(warmUp[2]) * 1000 : null,
      warmUpRoutes: warmUp ? Number(warmUp[1]) : null,
      homeMs,
      createUsernameMs,
      usernameCheckMs,
      secondCheckMs,
    };
  } finally {
    await browser.close();
    try {
      process.kill(-(/** @type {number} */ (dev.pid)), 'SIGTERM');
    } catch {
      // gone already
    }
    await new Promise((resolve) => (dev.exitCode === null ? dev.once('exit', resolve) : resolve(null)));
    rmSync(path.join(ROOT, dist), { recursive: true, force: true });
  }
}
