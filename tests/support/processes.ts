import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts the local database that npm test built (LOCALDB_BIN), kept in an H2 file under `dir`.
 * Its logs go to a file there: a pipe nobody reads would fill and stall the server.
 */
export function startLocalDb(port: number, dir: string): Promise<ChildProcess> {
  const bin = process.env.LOCALDB_BIN;
  if (!bin) throw new Error('LOCALDB_BIN is not set: run the tests with npm test');
  const log = openSync(path.join(dir, 'localdb.log'), 'a');
  const child = spawn(bin, ['--port', String(port), '--store', path.join(dir, 'takes.mv.db')], { stdio: ['ignore', 'pipe', log] });
  closeSync(log);
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('localdb ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`localdb exited with ${code}`)));
  });
}

const appLog = (port: number | string) => path.join(process.cwd(), 'test-results', 'logs', `app-${port}.log`);

/** The last lines of a log file, for a failure message: what a server said while a test waited on it. */
export function logTail(file: string, lines = 15): string {
  if (!existsSync(file)) return `(no ${file})`;
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

/** The last lines of the log of the app server startApp started at `url`. */
export const appLogTail = (url: string, lines?: number) => logTail(appLog(new URL(url).port), lines);

/**
 * Starts the production server (server.mjs, as `npm start` does) of the build (NEXT_DIST_DIR) against `mongodbUri`;
 * `entry` runs another copy of it, e.g. the standalone output's; `port` is one the caller chose (a free one otherwise).
 * Its output goes to test-results/logs/app-<port>.log, so a failing test's 500 can be read there (the server logs the
 * error it answers with).
 */
export async function startApp(
  mongodbUri: string,
  extraEnv: Record<string, string> = {},
  entry = path.join(process.cwd(), 'server.mjs'),
  chosenPort?: number,
): Promise<{ url: string; child: ChildProcess }> {
  const port = chosenPort ?? (await freePort());
  mkdirSync(path.dirname(appLog(port)), { recursive: true });
  const log = openSync(appLog(port), 'a');
  const child = spawn(process.execPath, [entry, '--port', String(port), '--hostname', '127.0.0.1'], {
    env: { ...process.env, NODE_ENV: 'production', MONGODB_URI: mongodbUri, ...extraEnv },
    stdio: ['ignore', log, log],
    detached: true,
  });
  closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  await waitUntil(async () => (await fetch(`${url}/api/health`).catch(() => null)) !== null, 60_000);
  return { url, child };
}

export function stopTree(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    child.kill(signal);
  }
}

/**
 * A database process (H2 store under `dir`) and an app server of a test file's own (which loads the league into the
 * new database as it starts), so a test that stops the database disturbs no other.
 */
export async function isolatedStack(name: string, dir: string) {
  const port = await freePort();
  const db = await startLocalDb(port, dir);
  const uri = `mongodb://127.0.0.1:${port}/takes-${name}`;
  const app = await startApp(uri, { RATE_LIMIT_SCALE: '1000' });
  return { port, db, uri, app };
}

export function stopIsolatedStack({ app, db, dir }: { app: { child: ChildProcess }; db: ChildProcess; dir: string }) {
  stopTree(app.child);
  db.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Polls `condition` until it holds; used to wait for recovery, never to time behaviour. `explain` says what was seen
 * instead, when it never holds.
 */
export async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number, explain?: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`condition not met within ${timeoutMs} ms${explain ? `\n${explain()}` : ''}`);
}
