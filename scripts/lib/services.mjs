// @ts-check
// Local services for `npm run dev`, `npm test` and the benchmark: the local
// database (mongo-java-server, built from localdb/) and the Firebase Auth
// emulator. Plain Node with no dependencies, so it runs before `npm install`.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const BIN = (/** @type {string} */ name) => path.join(ROOT, 'node_modules', '.bin', name);

export class SetupError extends Error {}

/**
 * Prints one short status line, the shape every service uses.
 * @param {string} service
 * @param {string} message
 */
export function say(service, message) {
  process.stdout.write(`${service.padEnd(9)} ${message}\n`);
}

/** @param {string[]} files */
function hashFiles(files) {
  const hash = createHash('sha256');
  for (const file of files) hash.update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Installs exactly what package-lock.json names (`npm ci`) when node_modules is missing or was installed from
 * another lockfile. Never `npm install`, which may rewrite the lockfile and leave a fresh clone changed.
 */
export function ensureDependencies() {
  const lock = path.join(ROOT, 'package-lock.json');
  const stamp = path.join(ROOT, 'node_modules', '.takes-lock-hash');
  const want = hashFiles([lock]);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === want) return;
  say('install', 'installing dependencies (npm ci)…');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new SetupError('npm ci failed; see the output above (package.json and package-lock.json must agree).');
  writeFileSync(stamp, want);
}

/**
 * Resolves a free TCP port on 127.0.0.1.
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * @param {number} port
 * @returns {Promise<boolean>}
 */
export function isPortFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * @param {number} port
 * @param {string} service
 * @param {string} hint
 */
export async function requireFreePort(port, service, hint) {
  if (!(await isPortFree(port))) {
    throw new SetupError(`port ${port} is busy, so ${service} cannot start: ${hint}`);
  }
}

/**
 * @param {string} command
 * @param {string[]} args
 */
function commandWorks(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  return result.error || result.status !== 0 ? null : `${result.stdout}${result.stderr}`;
}

/** Java's feature version (17, 21, …), or null when there is no java on PATH. */
function javaVersion() {
  const out = commandWorks('java', ['-version']);
  const match = out && /version "(\d+)(?:\.(\d+))?/.exec(out);
  if (!match) return null;
  // "1.8.0" is Java 8; "17.0.15" is 17.
  return match[1] === '1' ? Number(match[2]) : Number(match[1]);
}

/** As root on Debian, installs Java 17 and Maven with apt-get, as the tests do for Chromium. */
function installJavaToolchain() {
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return false;
  say('database', 'installing Java 17 and Maven (apt-get)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const result = spawnSync('apt-get', ['install', '-y', '-qq', 'openjdk-17-jdk-headless', 'maven'], { stdio: 'inherit', env });
  return result.status === 0;
}

function requireJavaToolchain() {
  const ready = () => (javaVersion() ?? 0) >= 17 && commandWorks('mvn', ['-v']) !== null;
  if (ready() || (installJavaToolchain() && ready())) return;
  throw new SetupError(
    'the local database needs Java 17+ and Maven: install them (Debian: apt-get install openjdk-17-jdk-headless maven), or set MONGODB_URI to a MongoDB server.',
  );
}

/**
 * Debian's redis-server, which the multi-instance tests share Next's data cache
 * through (REDIS_URL); installed with apt-get as root when missing, as Java and
 * Chromium are. Returns its path.
 */
export function ensureRedisServer() {
  const found = () => (commandWorks('redis-server', ['--version']) !== null ? 'redis-server' : null);
  if (found()) return /** @type {string} */ (found());
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    say('redis', 'installing redis-server (apt-get)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'redis-server'], { stdio: 'inherit', env });
    if (found()) return /** @type {string} */ (found());
  }
  throw new SetupError('the multi-instance tests need redis-server 7: install it (Debian: apt-get install redis-server).');
}

/**
 * Builds localdb/ (mongo-java-server and a small launcher) into a per-user
 * cache keyed by its pom and source, so every clone on this machine reuses one
 * build. Returns an executable that takes `--port N [--store FILE]`.
 */
export function buildLocalDb() {
  const dir = path.join(ROOT, 'localdb');
  const sources = ['pom.xml', 'src/main/java/takes/localdb/LocalDb.java'].map((f) => path.join(dir, f));
  const cacheRoot = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  const home = path.join(cacheRoot, 'takes', 'localdb', hashFiles(sources));
  const launcher = path.join(home, 'localdb');
  if (existsSync(launcher)) return launcher;

  requireJavaToolchain();
  say('database', 'building the local database (first time only, under a minute)…');
  // A private build folder: two clones building at once do not share one target/.
  const build = mkdtempSync(path.join(os.tmpdir(), 'takes-localdb-'));
  try {
    cpSync(path.join(dir, 'pom.xml'), path.join(build, 'pom.xml'));
    cpSync(path.join(dir, 'src'), path.join(build, 'src'), { recursive: true });
    const result = spawnSync('mvn', ['-q', '-B', 'package'], { cwd: build, stdio: ['ignore', 'inherit', 'inherit'] });
    if (result.status !== 0) throw new SetupError('building localdb/ with Maven failed; see the output above.');
    const staging = `${home}.${process.pid}`;
    mkdirSync(staging, { recursive: true });
    cpSync(path.join(build, 'target', 'lib'), path.join(staging, 'lib'), { recursive: true });
    cpSync(path.join(build, 'target', 'localdb.jar'), path.join(staging, 'localdb.jar'));
    // exec: the JVM takes the script's pid, so a signal to it reaches the server.
    writeFileSync(
      path.join(staging, 'localdb'),
      '#!/bin/sh\n' +
        'here=$(dirname "$0")\n' +
        'exec java ${LOCALDB_JAVA_OPTS:--Xmx2g -XX:+UseSerialGC} -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \\\n' +
        '  -cp "$here/localdb.jar:$here/lib/*" takes.localdb.LocalDb "$@"\n',
      { mode: 0o755 },
    );
    rmSync(home, { recursive: true, force: true });
    renameSync(staging, home);
  } finally {
    rmSync(build, { recursive: true, force: true });
  }
  return launcher;
}

/**
 * @param {string} url
 * @param {string} name
 * @param {number} timeoutMs
 * @param {import('node:child_process').ChildProcess} [child]
 */
async function waitForHttp(url, name, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs;
  /** @type {number | null} */
  let exited = null;
  child?.once('exit', (code) => (exited = code ?? -1));
  while (Date.now() < deadline) {
    if (exited !== null) throw new SetupError(`${name} exited (code ${exited}) before it was ready.`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new SetupError(`${name} did not answer at ${url} within ${timeoutMs / 1000}s.`);
}

/**
 * The service process groups this process started and has not seen end. They run detached (a Ctrl-C in the terminal
 * does not reach them), so they are ended here however this process ends: on exit, and on a signal that nothing else
 * handles (a script with its own graceful stop, like `npm run dev`, keeps it).
 * @type {Set<number>}
 */
const started = new Set();
process.on('exit', () => {
  for (const pid of started) {
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
});
for (const [signal, code] of /** @type {const} */ ([
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
])) {
  process.on(signal, () => {
    if (process.listenerCount(signal) === 1) process.exit(code);
  });
}

/**
 * Stops a child process tree started with detached: true.
 * @param {import('node:child_process').ChildProcess} child
 * @returns {() => Promise<void>}
 */
function stopper(child) {
  const pid = /** @type {number} */ (child.pid);
  started.add(pid);
  child.once('exit', () => started.delete(pid));
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      try {
        process.kill(-pid, 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
      setTimeout(() => {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 8000).unref();
    });
}

/**
 * Starts the local database on `port`: in memory, or kept in the H2 file `store`
 * (every acknowledged write is committed before it is answered). Its output goes
 * to `logFile`, never to a pipe: a parent busy in spawnSync drains no pipe, and a
 * server blocked on a full one stops answering.
 * @param {{ port: number; store?: string; logFile: string }} options
 */
export async function startLocalDb({ port, store, logFile }) {
  const launcher = buildLocalDb();
  mkdirSync(path.dirname(logFile), { recursive: true });
  const out = openSync(logFile, 'a');
  const from = statSync(logFile).size;
  const child = spawn(launcher, ['--port', String(port), ...(store ? ['--store', store] : [])], {
    stdio: ['ignore', out, out],
    detached: true,
  });
  closeSync(out);
  const deadline = Date.now() + 60_000;
  /** @type {number | null} */
  let exited = null;
  child.once('exit', (code) => (exited = code ?? -1));
  const written = () => readFileSync(logFile, 'utf8').slice(from);
  while (!written().includes('localdb ready')) {
    if (exited !== null || Date.now() > deadline) {
      throw new SetupError(
        `the local database ${exited !== null ? `exited (code ${exited})` : 'did not start within 60s'}:\n${written().slice(-2000)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { uri: `mongodb://127.0.0.1:${port}/`, child, stop: stopper(child) };
}

/**
 * Starts the Firebase Auth emulator. Ports come from a generated config so
 * tests can run beside a dev server; the UI stays off because offline the CLI
 * would try to download it and exit.
 */
/** @param {{ port: number; projectId: string; workDir: string; persistDir?: string }} options */
export async function startAuthEmulator({ port, projectId, workDir, persistDir }) {
  const [hub, logging] = [await freePort(), await freePort()];
  mkdirSync(workDir, { recursive: true });
  const config = {
    emulators: {
      auth: { host: '127.0.0.1', port },
      hub: { host: '127.0.0.1', port: hub },
      logging: { host: '127.0.0.1', port: logging },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  writeFileSync(path.join(workDir, 'firebase.json'), JSON.stringify(config, null, 2));
  const args = ['emulators:start', '--only', 'auth', '--project', projectId, '--config', path.join(workDir, 'firebase.json')];
  if (persistDir) {
    mkdirSync(persistDir, { recursive: true });
    if (existsSync(path.join(persistDir, 'firebase-export-metadata.json'))) args.push('--import', persistDir);
    args.push('--export-on-exit', persistDir);
  }
  const child = spawn(BIN('firebase'), args, {
    cwd: workDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', CI: process.env.CI ?? '' },
  });
  child.stdout.resume();
  child.stderr.resume();
  await waitForHttp(`http://127.0.0.1:${port}/`, 'the auth emulator', 180_000, child);
  return { host: `127.0.0.1:${port}`, child, stop: stopper(child) };
}

/** Polls an HTTP URL until it answers below 500. */
export { waitForHttp };
