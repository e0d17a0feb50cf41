// @ts-check
// The processes a run starts: its steps (builds, seeds, checks), and the servers it measures, each in a process group
// of its own so its memory can be summed and it can be stopped whole: the app's production server (server.mjs, as
// `npm start`) and the raw-driver baseline.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, ROOT, say, SetupError, waitForHttp } from '../../scripts/lib/services.mjs';

/** Runs a step to its end; its last line of output is its answer. */
export function runStep(/** @type {string} */ name, /** @type {string[]} */ argv, /** @type {Record<string, string | undefined>} */ env) {
  say('bench', name);
  const result = spawnSync(/** @type {string} */ (argv[0]), argv.slice(1), {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 2 ** 20,
  });
  if (result.status !== 0) throw new SetupError(`${name} failed:\n${result.stdout.slice(-2000)}`);
  return result.stdout.trim().split('\n').pop() ?? '';
}
/** A TypeScript script of the project's, run as its npm scripts run it. */
export const tsx = (/** @type {string[]} */ ...rest) => [process.execPath, '--conditions=react-server', '--import', 'tsx', ...rest];

/**
 * A server in a process group of its own, with the memory settings docs/performance.md advises for a host, as the
 * Docker image sets them: glibc's malloc on two arenas, buffers of 4 MB and more (a share image's canvas) given back
 * when freed, and a V8 heap sized for a 512 MB instance rather than from the machine's memory.
 * @param {string[]} args
 * @param {Record<string, string | undefined>} env
 * @param {import('node:child_process').StdioOptions} stdio
 */
const spawnServer = (args, env, stdio) =>
  spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '4194304',
      ...env,
      NODE_OPTIONS: ['--max-old-space-size=256 --max-semi-space-size=8', env.NODE_OPTIONS].filter(Boolean).join(' '),
    },
    stdio,
    detached: true,
  });

/** Stops a process group: SIGTERM, then SIGKILL if the requests it still serves keep it up past `graceMs`. */
export function stopper(/** @type {import('node:child_process').ChildProcess} */ child, graceMs = 5000) {
  const signal = (/** @type {NodeJS.Signals} */ name) => {
    try {
      process.kill(-(/** @type {number} */ (child.pid)), name);
    } catch {
      // the group is gone
    }
  };
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    signal('SIGTERM');
    const force = setTimeout(() => signal('SIGKILL'), graceMs);
    await exited;
    clearTimeout(force);
  };
}

/**
 * The production server of the build in `distDir`, once /api/health answers. BENCH_CPU_PROF=<folder> has it write a
 * CPU profile there when stopped (Node refuses --cpu-prof in NODE_OPTIONS).
 * @param {Record<string, string | undefined>} env
 * @param {string} distDir
 */
export async function startApp(env, distDir) {
  const port = await freePort();
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawnServer(
    [...profile, 'server.mjs', '--port', String(port), '--hostname', '127.0.0.1'],
    // Behind one proxy: each fan's X-Forwarded-For (bench/lib/accounts.mjs) is its own address. The abuse limits ×1000:
    // load on search and share images is what is measured, not their limits; every window is still counted.
    { TAKES_TRUSTED_PROXY_HOPS: '1', RATE_LIMIT_SCALE: '1000', ...env, NEXT_DIST_DIR: distDir },
    ['ignore', 'ignore', 'pipe'],
  );
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/api/health`, 'the app server', 60_000, child).catch((error) => {
    throw new SetupError(`${error.message}\n${stderr}`);
  });
  return { url, pid: /** @type {number} */ (child.pid), stop: stopper(child) };
}
/** @typedef {Awaited<ReturnType<typeof startApp>>} App */

/** bench/baseline-server.mjs on `mongodbUri`, once it answers (after its database connection). */
export async function startBaseline(/** @type {string} */ mongodbUri) {
  const port = await freePort();
  const env = { MONGODB_URI: mongodbUri, PORT: String(port) };
  const child = spawnServer([path.join(ROOT, 'bench', 'baseline-server.mjs')], env, ['ignore', 'ignore', 'inherit']);
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/`, 'the baseline server', 60_000, child);
  return { url, stop: stopper(child) };
}

/** Resident memory (bytes) of every process in the group `pgid`: the server and any worker it forks. */
function groupRss(/** @type {number} */ pgid) {
  let total = 0;
  for (const entry of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) !== pgid) continue;
      total += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1] ?? 0) * 1024;
    } catch {
      // the process ended between the listing and the read
    }
  }
  return total;
}

/**
 * A group's memory sampled every 200 ms until stopped: `peak()` the highest sum seen, `during(run)` the highest while
 * `run` ran, `settled()` the sum once it has stopped moving.
 * @param {number} pgid
 */
export function watchRss(pgid) {
  let peak = groupRss(pgid);
  let window = 0;
  const timer = setInterval(() => {
    const now = groupRss(pgid);
    [peak, window] = [Math.max(peak, now), Math.max(window, now)];
  }, 200);
  timer.unref();
  return {
    peak: () => peak,
    /** @template T @param {() => Promise<T>} run @returns {Promise<[T, number]>} */
    during: async (run) => {
      window = groupRss(pgid);
      const result = await run();
      return [result, Math.max(window, groupRss(pgid))];
    },
    /** Once it moves by less than 1 MB over a second (collections and freed buffers given back), or after 20 s. */
    settled: async () => {
      let last = groupRss(pgid);
      for (let round = 0; round < 20; round += 1) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const now = groupRss(pgid);
        if (Math.abs(now - last) < 2 ** 20) return now;
        last = now;
      }
      return last;
    },
    stop: () => clearInterval(timer),
  };
}
/** @typedef {ReturnType<typeof watchRss>} Rss */
