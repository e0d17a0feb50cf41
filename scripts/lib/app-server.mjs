// @ts-check
// Runs a step of a script, and the production server the suites and the fuzz run talk to.
import { spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { freePort, ROOT, say, SetupError, waitForHttp } from './services.mjs';

export const bin = (/** @type {string} */ name) => path.join(ROOT, 'node_modules', '.bin', name);

/**
 * Runs a command to completion with inherited output; a non-zero exit stops the script.
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string | undefined>} env
 */
export function step(name, command, args, env) {
  say('test', name);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new SetupError(`${name} failed.`);
  say('test', `${name} passed (${((Date.now() - started) / 1000).toFixed(0)}s)`);
}

/**
 * The production server (server.mjs, what `npm start` and the Docker image run) of the build in `distDir` on a free
 * port, once /api/health answers.
 * @param {Record<string, string | undefined>} env
 * @param {string} distDir
 */
export async function startServer(env, distDir) {
  const port = await freePort();
  const child = spawn(process.execPath, ['server.mjs', '--port', String(port), '--hostname', '127.0.0.1'], {
    cwd: ROOT,
    env: { ...process.env, ...env, NEXT_DIST_DIR: distDir },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/api/health`, 'the app server', 60_000, child);
  const pid = /** @type {number} */ (child.pid);
  return {
    url,
    stop: () => {
      try {
        process.kill(-pid, 'SIGTERM');
      } catch {
        /* gone */
      }
    },
  };
}

/**
 * A TCP listener that stands where a database would and counts who connects: `next build` runs with MONGODB_URI
 * pointing here and must open no connection (docs/deploy.md: a build never touches the database).
 * @returns {Promise<{ uri: string; connections: () => number; close: () => void }>}
 */
export async function connectionCounter() {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  return { uri: `mongodb://127.0.0.1:${port}/takes-build`, connections: () => connections, close: () => server.close() };
}
