import { AsyncLocalStorage } from 'node:async_hooks';
import { attachDatabasePool } from '@vercel/functions';
import mongoose from 'mongoose';
import { env } from '@/lib/env';
import { log } from '@/lib/log';
import { logQueries } from '@/lib/query-log';

mongoose.set('strictQuery', 'throw');
// Every filter value from a request is treated as data: `{ $ne: null }` in a body
// becomes a literal. The data layer opts its own operators in with mongoose.trusted().
mongoose.set('sanitizeFilter', true);

/**
 * The connection, and the connection once the preparation step (below) has run on it: what callers wait for.
 * Kept on globalThis, so the step instrumentation.ts sets is the one every bundle's copy of this module reads.
 */
type Cache = {
  connection?: Promise<typeof mongoose>;
  promise?: Promise<typeof mongoose>;
  prepare?: () => Promise<void>;
  // Set while the preparation step runs: it uses the data layer, whose dbConnect must not wait for itself.
  preparing: AsyncLocalStorage<true>;
  // What the driver's monitor last said (see monitorFellSilent below).
  monitor?: { heardAt: number; serverKnown: boolean };
};
const globalCache = globalThis as typeof globalThis & { __takesDb?: Cache };
const cache: Cache = (globalCache.__takesDb ??= { preparing: new AsyncLocalStorage<true>() });

// Short enough that a request during an outage fails fast (503) instead of hanging.
const SERVER_SELECTION_TIMEOUT_MS = 1500;
// The monitor's silence below is measured against these: the driver's heartbeat default, and a connect timeout a
// third of its default (a connection to Atlas or the local engine that takes 10 s is not coming).
const HEARTBEAT_FREQUENCY_MS = 10_000;
const CONNECT_TIMEOUT_MS = 10_000;
/**
 * The driver's monitor is what notices that the database is back: it reports a heartbeat (started, then succeeded or
 * failed) at least once a heartbeat interval, and a check that is not stuck ends within the connect timeout. Measured:
 * after the database was killed under load, now and then (three full test runs in eight) its monitor fell silent for
 * good, and every request answered 503 until the server restarted (tests/isolated/outage.test.ts, tests/isolated/db-monitor.test.ts).
 * A connection that knows no server and whose monitor has been silent longer than a working one can be is replaced.
 */
const MONITOR_SILENCE_MS = HEARTBEAT_FREQUENCY_MS + CONNECT_TIMEOUT_MS;

function watchMonitor(client: ReturnType<typeof mongoose.connection.getClient>) {
  // A replaced client's listeners keep writing to their own state, which nothing reads any more.
  const state = { heardAt: Date.now(), serverKnown: true };
  cache.monitor = state;
  const heard = () => {
    state.heardAt = Date.now();
  };
  client.on('serverHeartbeatStarted', heard);
  client.on('serverHeartbeatSucceeded', heard);
  client.on('serverHeartbeatFailed', heard);
  client.on('topologyDescriptionChanged', (event) => {
    state.serverKnown = event.newDescription.hasKnownServers;
  });
}

function monitorFellSilent(): boolean {
  const state = cache.monitor;
  return Boolean(state && !state.serverKnown && Date.now() - state.heardAt > MONITOR_SILENCE_MS);
}

/** Closes the connection whose monitor fell silent; the next dbConnect opens (and prepares) a new one. */
function replaceSilentConnection(): void {
  const silentFor = Date.now() - cache.monitor!.heardAt;
  cache.monitor = undefined;
  log.warn({ silentForMs: silentFor }, 'database monitor fell silent; opening a new connection');
  cache.connection = openConnection(mongoose.disconnect().catch(() => undefined));
  cache.promise = undefined;
}

/** Connects once `after` settles; a failed attempt is forgotten so the next request retries. */
function openConnection(after: Promise<unknown> = Promise.resolve()): Promise<typeof mongoose> {
  return after.then(connect).catch((error: unknown) => {
    cache.connection = undefined;
    throw error;
  });
}

async function connect(): Promise<typeof mongoose> {
  const { MONGODB_URI, MONGODB_DB, TAKES_QUERY_LOG, MONGODB_MAX_POOL_SIZE, MONGODB_MAX_IDLE_TIME_MS } = env();
  const connection = await mongoose.connect(MONGODB_URI, {
    dbName: MONGODB_DB,
    bufferCommands: false,
    // The schema is applied once per version under a lease (lib/data/maintenance/schema.ts), not on every cold start.
    autoIndex: false,
    serverSelectionTimeoutMS: SERVER_SELECTION_TIMEOUT_MS,
    heartbeatFrequencyMS: HEARTBEAT_FREQUENCY_MS,
    connectTimeoutMS: CONNECT_TIMEOUT_MS,
    // Many small instances share the cluster's connection limit: each keeps a small pool and lets idle sockets go
    // (README, "Running several instances").
    maxPoolSize: MONGODB_MAX_POOL_SIZE,
    maxIdleTimeMS: MONGODB_MAX_IDLE_TIME_MS,
    ...(TAKES_QUERY_LOG ? { monitorCommands: true } : {}),
  });
  const client = connection.connection.getClient();
  watchMonitor(client);
  // On Vercel the function instance is kept alive until idle connections are closed, instead of leaking them on suspend.
  if (process.env.VERCEL) attachDatabasePool(client);
  if (TAKES_QUERY_LOG) logQueries(client, TAKES_QUERY_LOG);
  return connection;
}

/**
 * Work the process's connection must finish before anything else uses it: the server sets it when it starts
 * (instrumentation.ts: this release's schema and, on a new database, the shipped league), so this module, below the
 * data layer, imports none of it. A connection made without it (a script) is used as it is.
 */
export function prepareConnectionWith(step: () => Promise<void>): void {
  cache.prepare = step;
}

/**
 * One connection per server process, shared across hot reloads and serverless
 * invocations. A failed first attempt is forgotten so the next request retries;
 * after that the driver reconnects by itself when the database comes back, and a
 * connection whose driver monitor fell silent is replaced.
 */
export function dbConnect(): Promise<typeof mongoose> {
  if (monitorFellSilent()) replaceSilentConnection();
  cache.connection ??= openConnection();
  if (cache.preparing.getStore()) return cache.connection;
  cache.promise ??= cache.connection
    .then(async (connection) => {
      const step = cache.prepare;
      if (step) await cache.preparing.run(true, step);
      return connection;
    })
    .catch((error: unknown) => {
      cache.promise = undefined;
      throw error;
    });
  return cache.promise;
}

export async function dbDisconnect(): Promise<void> {
  if (!cache.connection) return;
  cache.connection = undefined;
  cache.promise = undefined;
  cache.monitor = undefined;
  await mongoose.disconnect();
}

/** Round-trips a ping; throws when the database is unreachable. */
export async function dbPing(): Promise<void> {
  const connection = await dbConnect();
  const db = connection.connection.db;
  if (!db) throw new Error('database handle missing after connect');
  await db.admin().command({ ping: 1 });
}
