// Local services for `npm run dev`, `npm test` and the benchmark: the embedded
// database (FerretDB on SQLite, built from localdb/) and the Firebase Auth
// emulator. Plain Node with no dependencies, so it runs before `npm install`.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const BIN = (name) => path.join(ROOT, 'node_modules', '.bin', name);

export class SetupError extends Error {}

/** Prints one short status line, the shape every service uses. */
export function say(service, message) {
  process.stdout.write(`${service.padEnd(9)} ${message}\n`);
}

function hashFiles(files) {
  const hash = createHash('sha256');
  for (const file of files) hash.update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/** Runs `npm install` when node_modules is missing or older than package-lock.json. */
export function ensureDependencies() {
  const lock = path.join(ROOT, 'package-lock.json');
  const stamp = path.join(ROOT, 'node_modules', '.takes-lock-hash');
  const want = hashFiles([lock]);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === want) return;
  say('install', 'installing dependencies (npm install)…');
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new SetupError('npm install failed; see the output above.');
  writeFileSync(stamp, want);
}

/** Resolves a free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export function isPortFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function requireFreePort(port, service, hint) {
  if (!(await isPortFree(port))) {
    throw new SetupError(`port ${port} is busy, so ${service} cannot start: ${hint}`);
  }
}

function goVersion() {
  const result = spawnSync('go', ['env', 'GOVERSION'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) return null;
  const match = /go(\d+)\.(\d+)/.exec(result.stdout);
  return match ? [Number(match[1]), Number(match[2])] : null;
}

/**
 * Builds localdb/ into a per-user cache keyed by its sources, so every clone
 * on this machine reuses one build (about 2 minutes cold, seconds warm).
 */
export function buildLocalDb() {
  const dir = path.join(ROOT, 'localdb');
  const key = hashFiles(['go.mod', 'go.sum', 'main.go'].map((f) => path.join(dir, f)));
  const cacheRoot = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  const binary = path.join(cacheRoot, 'takes', 'localdb', key, 'localdb');
  if (existsSync(binary)) return binary;

  const version = goVersion();
  if (!version) {
    throw new SetupError('Go is not installed: install Go 1.24 or newer (https://go.dev/dl/), or set MONGODB_URI to a MongoDB server.');
  }
  if (version[0] === 1 && version[1] < 24) {
    throw new SetupError(`Go ${version.join('.')} is too old for the local database: install Go 1.24 or newer, or set MONGODB_URI.`);
  }
  say('database', 'building the local database (first time only, about 2 minutes)…');
  mkdirSync(path.dirname(binary), { recursive: true });
  const result = spawnSync('go', ['build', '-trimpath', '-o', binary, '.'], {
    cwd: dir,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, GOFLAGS: '-mod=readonly', CGO_ENABLED: '0' },
  });
  if (result.status !== 0) throw new SetupError('building localdb/ with Go failed; see the output above.');
  return binary;
}

/** Resolves when `child` prints a line matching `pattern`; rejects if it exits first. */
function waitForLine(child, pattern, name, timeoutMs) {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => reject(new SetupError(`${name} did not start within ${timeoutMs / 1000}s.\n${buffer.slice(-2000)}`)), timeoutMs);
    const onData = (chunk) => {
      buffer += chunk.toString();
      const match = pattern.exec(buffer);
      if (match) {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        resolve(match);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => (buffer += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new SetupError(`${name} exited (code ${code}) before it was ready.\n${buffer.slice(-2000)}`));
    });
  });
}

async function waitForHttp(url, name, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs;
  let exited = null;
  child?.once('exit', (code) => (exited = code));
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

/** Stops a child process tree started with detached: true. */
function stopper(child) {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
      setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 8000).unref();
    });
}

/** Starts FerretDB on `port` with its SQLite files in `dataDir`. */
export async function startLocalDb({ port, dataDir }) {
  const binary = buildLocalDb();
  const child = spawn(binary, ['-addr', `127.0.0.1:${port}`, '-dir', dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  await waitForLine(child, /localdb ready (\S+)/, 'the local database', 30_000);
  return { uri: `mongodb://127.0.0.1:${port}/`, child, stop: stopper(child) };
}

/**
 * Starts the Firebase Auth emulator. Ports come from a generated config so
 * tests can run beside a dev server; the UI stays off because offline the CLI
 * would try to download it and exit.
 */
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
