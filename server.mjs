// @ts-check
// The one server entry: `npm start`, the Docker image, `npm run dev` (with --dev), the test suites and the benchmark all
// start Takes through this file, in a checkout (the build in its dist folder) or from the standalone output (this file
// copied into it by scripts/assemble-standalone.mjs). It adds to Next what only a server's owner can do:
// - keep-alive and header timeouts longer than any client's or proxy's idle timeout (docs/deploy.md, "Behind a proxy");
// - each request's socket address under one header, replacing whatever a client sent under that name
//   (lib/client-address.ts);
// - the environment files (.env.production and the others Next reads, from this file's folder) loaded before anything
//   is read, and an empty variable taken as one not set (compose's env_file and `${X:-}` give empty ones);
// - REDIS_URL read when the server starts, also for the standalone output, whose configuration is the build's;
// - one structured log line per request that lib/http.ts route() does not log itself (pages, their client
//   navigations, files), with the request id the page and its API calls share;
// - the start-up work (instrumentation.ts: the environment, the schema, the shipped league) done before it listens, so
//   a bad environment stops it at once with one message naming every variable, and no request meets an unready server.
// Usage: node server.mjs [--dev] [--port N] [--hostname H]; PORT and HOSTNAME are read too.
import { existsSync, readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

/** The header the socket's address travels under; lib/client-address.ts reads it (SOCKET_ADDRESS_HEADER there). */
const SOCKET_ADDRESS_HEADER = 'x-takes-socket-address';
/** What lib/client-address.ts checks before believing that header: set here, in this process, never by a request. */
const ENTRY_MARK = Symbol.for('takes.server-entry');
/**
 * Idle keep-alive sockets are closed after this long. Node's default (5 s) is shorter than the idle timeout of
 * the clients and proxies that reuse connections (AWS ALB 60 s, nginx 60 s, Traefik 90 s, Caddy 120 s), and one that
 * reuses a socket the server is closing at that moment gets ECONNRESET or answers 502. The side that waits longer
 * must be the server. KEEP_ALIVE_TIMEOUT (ms, as Next's own standalone server names it) raises it, e.g. behind
 * Google's load balancer (600 s).
 */
const DEFAULT_KEEP_ALIVE_MS = 125_000;

/**
 * Request ids whose line lib/http.ts route() wrote (noteLogged in lib/log.ts): every route handler's request, API or
 * image. This entry writes the line of every other request, so each request has exactly one, whichever code answered
 * it. Ids are taken out as their requests end, so the set holds only requests in flight.
 */
const LOGGED_REQUESTS = Symbol.for('takes.logged-requests');
/**
 * No line: build assets (immutable, many per page, served from a CDN's cache in front; a line each would bury the
 * pages') and the health check, which the image's HEALTHCHECK and uptime monitors call every few seconds and which logs
 * its own failures.
 */
const UNLOGGED_PREFIXES = ['/_next/static/', '/_next/webpack-hmr', '/api/health'];

const dir = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const { values: args } = parseArgs({
  options: { dev: { type: 'boolean', default: false }, port: { type: 'string' }, hostname: { type: 'string' } },
});
const dev = Boolean(args.dev);
// Next reads NODE_ENV while it loads, and it picks the environment files below: a production server is one whatever
// the shell had.
Object.assign(process.env, { NODE_ENV: dev ? 'development' : 'production' });

/** Takes every variable set to nothing (or blanks) out of the environment: such a variable means unset. */
function dropEmpty() {
  for (const [name, value] of Object.entries(process.env)) if (value?.trim() === '') delete process.env[name];
}
// Empty ones first, so a file may fill them; then the files Next itself loads (.env.production.local, .env.local,
// .env.production, .env in production; the development ones with --dev), with its own loader, which keeps what the
// environment already has. Next's own later call finds them loaded and changes nothing.
dropEmpty();
createRequire(require.resolve('next/package.json'))('@next/env').loadEnvConfig(dir, dev);
dropEmpty();

const port = Number(args.port ?? process.env.PORT ?? 3000);
const hostname = args.hostname ?? process.env.HOSTNAME ?? '0.0.0.0';
const keepAliveMs = Number(process.env.KEEP_ALIVE_TIMEOUT ?? DEFAULT_KEEP_ALIVE_MS);

/** @param {string} message */
function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`server: the port must be a number from 0 to 65535, not "${port}".`);
if (!Number.isInteger(keepAliveMs) || keepAliveMs < 1000)
  fail('server: KEEP_ALIVE_TIMEOUT must be a whole number of milliseconds, at least 1000.');

// The standalone output has no next.config.mjs: its configuration is the build's, in the dist folder.
const distDir = process.env.NEXT_DIST_DIR ?? '.next';
const standalone = !dev && !existsSync(path.join(dir, 'next.config.mjs'));
if (standalone) {
  const manifest = path.join(dir, distDir, 'required-server-files.json');
  if (!existsSync(manifest)) fail(`server: ${manifest} is missing; run it from a build (npm run build).`);
  const { config } = JSON.parse(readFileSync(manifest, 'utf8'));
  // The build names the Redis cache handler so this folder carries it; without REDIS_URL this instance keeps Next's
  // in-process cache (50 MB, Next's default), as a server in a checkout does.
  if (!process.env.REDIS_URL) Object.assign(config, { cacheHandler: undefined, cacheMaxMemorySize: 50 * 1024 * 1024 });
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config);
  process.chdir(dir);
}

/** @type {Set<string>} */
const loggedByRoutes = new Set();
Object.assign(globalThis, { [LOGGED_REQUESTS]: loggedByRoutes });
// The app's own logger settings (lib/log.ts): one JSON line per event, its level from LOG_LEVEL.
const pino = require('pino');
const log = pino({ level: process.env.LOG_LEVEL || 'info', base: undefined, timestamp: pino.stdTimeFunctions.isoTime });

/** @param {import('node:http').IncomingMessage} request @param {import('node:http').ServerResponse} response */
function logRequest(request, response) {
  const started = performance.now();
  // The caller's own id when it sent one (a proxy's, to follow a request across hops), else a fresh one; the proxy
  // (middleware.ts) and route() read it from here, so a page's line and its API calls' lines name the same request.
  const requestId = String(request.headers['x-request-id'] || randomUUID());
  request.headers['x-request-id'] = requestId;
  response.setHeader('X-Request-Id', requestId);
  const pathname = (request.url ?? '/').split('?')[0] ?? '/';
  response.once('close', () => {
    if (loggedByRoutes.delete(requestId) || UNLOGGED_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return;
    log.info({
      method: request.method,
      path: pathname,
      status: response.statusCode,
      ms: Math.round(performance.now() - started),
      requestId,
      ...(response.writableFinished ? {} : { aborted: true }),
    });
  });
}

const server = createServer((request, response) => {
  request.headers[SOCKET_ADDRESS_HEADER] = request.socket.remoteAddress ?? '';
  logRequest(request, response);
  void handle(request, response);
});
server.keepAliveTimeout = keepAliveMs;
// A request's headers must be allowed to arrive on a socket kept that long (Node's advice: longer than keep-alive).
server.headersTimeout = keepAliveMs + 5_000;
server.requestTimeout = Math.max(server.requestTimeout, server.headersTimeout);

const next = require('next');
const app = next({ dev, dir, hostname, port, httpServer: server });
/** @type {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<void>} */
let handle;
try {
  await app.prepare();
  handle = app.getRequestHandler();
  Object.assign(globalThis, { [ENTRY_MARK]: true });
  // A production server runs instrumentation.ts's register() on its first request; run it now instead, once (Next
  // memoizes it), so a bad environment stops the start and the schema is applied before the port opens. `next dev`
  // has run it in prepare() already.
  if (!dev) {
    const { ensureInstrumentationRegistered } = require('next/dist/server/lib/router-utils/instrumentation-globals.external.js');
    await ensureInstrumentationRegistered(dir, distDir);
  }
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  // The environment's own message (lib/env.ts) lists every variable; Next prefixes it with its hook's name.
  const start = message.indexOf('Invalid environment');
  fail(start >= 0 ? message.slice(start) : `server: could not start: ${message}`);
}

server.listen(port, hostname, () => {
  const { port: bound } = /** @type {import('node:net').AddressInfo} */ (server.address());
  process.stdout.write(`takes: ${dev ? 'development' : 'production'} server on http://${hostname}:${bound}\n`);
});

// A stop (Docker, a process manager, Ctrl-C) finishes the requests in flight, then exits; 10 s at most.
let stopping = false;
for (const signal of /** @type {const} */ (['SIGTERM', 'SIGINT'])) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(0), 10_000).unref();
    server.close(() => void app.close().finally(() => process.exit(0)));
    server.closeIdleConnections();
  });
}
