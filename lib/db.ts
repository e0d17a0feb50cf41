import mongoose from 'mongoose';
import { env } from '@/lib/env';
import { logQueries } from '@/lib/query-log';

mongoose.set('strictQuery', 'throw');
// Every filter value from a request is treated as data: `{ $ne: null }` in a body
// becomes a literal. The data layer opts its own operators in with mongoose.trusted().
mongoose.set('sanitizeFilter', true);

type Cache = { promise?: Promise<typeof mongoose> };
const globalCache = globalThis as typeof globalThis & { __takesDb?: Cache };
const cache: Cache = (globalCache.__takesDb ??= {});

// Short enough that a request during an outage fails fast (503) instead of hanging.
const SERVER_SELECTION_TIMEOUT_MS = 1500;

async function connect(): Promise<typeof mongoose> {
  const { MONGODB_URI, MONGODB_DB, TAKES_QUERY_LOG } = env();
  const connection = await mongoose.connect(MONGODB_URI, {
    dbName: MONGODB_DB,
    bufferCommands: false,
    // Indexes are built by ensureIndexes() (seed, tests, deploy), not on every cold start.
    autoIndex: false,
    serverSelectionTimeoutMS: SERVER_SELECTION_TIMEOUT_MS,
    ...(TAKES_QUERY_LOG ? { monitorCommands: true } : {}),
  });
  if (TAKES_QUERY_LOG) logQueries(connection.connection.getClient(), TAKES_QUERY_LOG);
  return connection;
}

/**
 * One connection per server process, shared across hot reloads and serverless
 * invocations. A failed first attempt is forgotten so the next request retries;
 * after that the driver reconnects by itself when the database comes back.
 */
export function dbConnect(): Promise<typeof mongoose> {
  cache.promise ??= connect().catch((error: unknown) => {
    cache.promise = undefined;
    throw error;
  });
  return cache.promise;
}

/**
 * Builds every declared index. Run by `npm run seed` (and so by `npm run dev`) and
 * on deploy rather than by autoIndex, so a serverless cold start sends no index builds.
 * One model at a time: the local engine's H2 store can fail two builds that create
 * their collections at the same moment ("… already existed in … system.namespaces").
 */
export async function ensureIndexes(): Promise<void> {
  await dbConnect();
  const { ALL_MODELS } = await import('@/models');
  for (const model of ALL_MODELS) await model.createIndexes();
}

export async function dbDisconnect(): Promise<void> {
  if (!cache.promise) return;
  cache.promise = undefined;
  await mongoose.disconnect();
}

/** Round-trips a ping; throws when the database is unreachable. */
export async function dbPing(): Promise<void> {
  const connection = await dbConnect();
  const db = connection.connection.db;
  if (!db) throw new Error('database handle missing after connect');
  await db.admin().command({ ping: 1 });
}
