// @ts-check
// The processes a benchmark run measures: the app's production server and the
// baseline server, each in its own process group so its memory can be summed.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { freePort, ROOT, SetupError, waitForHttp } from '../../scripts/lib/services.mjs';

export const bin = (/** @type {string} */ name) => path.join(ROOT, 'node_modules', '.bin', name);

/**
 * The servers run as docs/performance.md advises for a host (its memory part), as the Docker image does:
 * glibc's malloc on 2 arenas, since sharp's threads (next/og
 * rasterizes with it) otherwise spread their buffers over up to 8 a core, buffers of 4 MB and more (a share
 * image's canvas) given back when freed, and a
 * V8 heap sized for a 512 MB instance rather than from the machine's memory,
 * which let it fill with garbage between collections, its young generation included.
 */
const SERVER_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '4194304' };
const SERVER_NODE_OPTIONS = '--max-old-space-size=256 --max-semi-space-size=8';
const serverEnv = (/** @type {Record<string, string | undefined>} */ env) => ({
  ...SERVER_ENV,
  ...env,
  NODE_OPTIONS: [SERVER_NODE_OPTIONS, env.NODE_OPTIONS].filter(Boolean).join(' '),
});

/**
 * Stops a process group: SIGTERM, then SIGKILL if requests it is still serving keep it up past 5 seconds.
 * @param {import('node:child_process').ChildProcess} child
 * @returns {() => Promise<void>}
 */
function stopper(child) {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const signal = (/** @type {NodeJS.Signals} */ name) => {
        try {
          process.kill(-(/** @type {number} */ (child.pid)), name);
        } catch {
          resolve();
        }
      };
      const force = setTimeout(() => signal('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      signal('SIGTERM');
    });
}

/**
 * The production server (server.mjs, as `npm start`) of the build in `distDir`, once /api/health answers.
 * @param {Record<string, string | undefined>} env
 * @param {string} distDir
 */
export async function startApp(env, distDir) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      // BENCH_CPU_PROF=<folder>: each app server writes its CPU profile there when stopped (Node refuses --cpu-prof in NODE_OPTIONS).
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      'server.mjs',
      '--port',
      String(port),
      '--hostname',
      '127.0.0.1',
    ],
    {
      cwd: ROOT,
      // As behind one proxy: each bench fan's X-Forwarded-For (bench/lib/accounts.mjs) is the address it appended. Limits
      // x1000: load on search and share images is what is measured, not their limits; every window is still counted.
      env: { ...process.env, TAKES_TRUSTED_PROXY_HOPS: '1', RATE_LIMIT_SCALE: '1000', ...serverEnv(env), NEXT_DIST_DIR: distDir },
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/api/health`, 'the app server', 60_000, child);
  } catch (error) {
    throw new SetupError(`${/** @type {Error} */ (error).message}\n${stderr}`);
  }
  return { url, pid: /** @type {number} */ (child.pid), stderr: () => stderr, stop: stopper(child) };
}

/**
 * bench/baseline-server.mjs against `mongodbUri`.
 * @param {string} mongodbUri
 */
export async function startBaseline(mongodbUri) {
  const child = spawn(process.execPath, [path.join(ROOT, 'bench', 'baseline-server.mjs')], {
    cwd: ROOT,
    env: { ...process.env, ...serverEnv({ MONGODB_URI: mongodbUri }) },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const port = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /baseline ready (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new SetupError(`the baseline server exited (code ${code}) before it was ready.`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: /** @type {number} */ (child.pid), stop: stopper(child) };
}

/**
 * Resident memory (bytes) of every process in the group `pgid`: the server (server.mjs) and any worker it forks.
 * @param {number} pgid
 */
export function groupRss(pgid) {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${entry}/status`, 'utf8'));
      if (rss) total += Number(rss[1]) * 1024;
    } catch {
      // the process ended between the listing and the read
    }
  }
  return total;
}

/**
 * Samples a group's memory every 200 ms until stopped. `peak()` is the highest
 * sum seen; `sincePhase()` the highest since its last call, to tell which
 * phase of a run the peak belongs to.
 * @param {number} pgid
 */
export function watchRss(pgid) {
  let peak = groupRss(pgid);
  let phase = peak;
  const timer = setInterval(() => {
    const now = groupRss(pgid);
    peak = Math.max(peak, now);
    phase = Math.max(phase, now);
  }, 200);
  timer.unref();
  return {
    peak: () => peak,
    sincePhase: () => {
      const seen = phase;
      phase = groupRss(pgid);
      return seen;
    },
    stop: () => clearInterval(timer),
  };
}

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (ms, user and system) the processes of a group have used so far: the server (server.mjs) and any worker it forks.
 * @param {number} pgid
 */
export function groupCpuMs(pgid) {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended between the listing and the read
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/**
 * CPU time (ms, user and system, every thread) one process has used so far; 0 once it has gone.
 * @param {number} pid
 */
export function processCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * The process listening on a local TCP port (the database server the stack started), or null.
 * @param {number} port
 */
export function listenerPid(port) {
  const inodes = new Set();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // State 0A is LISTEN; the local address ends in the port, in hex.
      if (fields[3] === '0A' && parseInt(fields[1]?.split(':').pop() ?? '', 16) === port) inodes.add(fields[9]);
    }
  }
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      for (const fd of readdirSync(`/proc/${entry}/fd`)) {
        const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${entry}/fd/${fd}`));
        if (socket && inodes.has(socket[1])) return Number(entry);
      }
    } catch {
      // not ours to read, or gone
    }
  }
  return null;
}
