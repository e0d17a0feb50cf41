// @ts-check
// `npm run dev`'s first hits: a fan who arrives as soon as it says the site is up, on a first start (a database it
// seeds, a build folder of its own with no compile cache). `next dev` compiles a route on its first request and
// scripts/dev.mjs compiles every route in the background from then on (scripts/lib/warm-up.mjs); what is timed is
// what the fan still waits for: the home page, /create-username, and a free name typed there to "Username is
// available!" (its 500 ms debounce included).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { freePort, ROOT, SetupError } from '../../scripts/lib/services.mjs';
import { stopper } from './servers.mjs';

/** @typedef {{ readyMs: number; homeMs: number; createUsernameMs: number; usernameCheckMs: number }} DevFirstHits */

/** A first compile on a busy machine can take minutes; past this the measure gives up. */
const TIMEOUT_MS = 5 * 60_000;

/**
 * @param {{ env: Record<string, string | undefined>; uri: string; distDir: string; chromium: string }} options
 * @returns {Promise<DevFirstHits>}
 */
export async function measureDev({ env, uri, distDir, chromium }) {
  const port = await freePort();
  // Emptied first: the measure is of a first start, not of a compile cache another left.
  const dist = path.join(distDir, 'bench-dev');
  rmSync(path.join(ROOT, dist), { recursive: true, force: true });
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
    TAKES_ALLOW_AUTH_EMULATOR: undefined,
  };
  const started = Date.now();
  const dev = spawn(process.execPath, ['scripts/dev.mjs'], { cwd: ROOT, env: devEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  const ready = new Promise((resolve, reject) => {
    dev.stdout.on('data', (chunk) => (output += chunk) && /web\s+http:\/\//.test(output) && resolve(Date.now()));
    dev.stderr.on('data', (chunk) => (output += chunk));
    dev.once('exit', (code) => reject(new SetupError(`npm run dev exited (code ${code}) before it was up:\n${output.slice(-2000)}`)));
  });
  const { chromium: browserType } = await import('@playwright/test');
  const browser = await browserType.launch({ executablePath: chromium, args: ['--no-sandbox'] });
  try {
    const readyMs = /** @type {number} */ (await ready) - started;
    const page = await browser.newPage();
    page.setDefaultTimeout(TIMEOUT_MS); // navigations' too
    const timedMs = async (/** @type {() => Promise<unknown>} */ step) => {
      const at = Date.now();
      await step();
      return Date.now() - at;
    };
    const homeMs = await timedMs(() => page.goto(`http://127.0.0.1:${port}/`));
    // What sign-up hands /create-username (lib/client/pending-sign-up.ts); the form needs no account to check a name.
    await page.addInitScript(() =>
      sessionStorage.setItem('takes:create-username', JSON.stringify({ firebaseUID: 'bench-dev', email: 'bench-dev@takes.test' })),
    );
    const field = page.getByLabel('Username');
    const createUsernameMs = await timedMs(() => page.goto(`http://127.0.0.1:${port}/create-username`).then(() => field.waitFor()));
    await field.fill(`benchdev${Date.now().toString(36).slice(-6)}`);
    const usernameCheckMs = await timedMs(() => page.getByText('Username is available!').waitFor());
    return { readyMs, homeMs, createUsernameMs, usernameCheckMs };
  } finally {
    await browser.close();
    // It stops the services it started (each in a group of its own) on SIGTERM; killed, it would leave them running.
    await stopper(dev, 60_000)();
    // Retried: Next's workers may still be writing their last files as it exits (ENOTEMPTY).
    rmSync(path.join(ROOT, dist), { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}
