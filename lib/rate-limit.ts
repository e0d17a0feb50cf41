import 'server-only';
import mongoose from 'mongoose';
import { RateLimiterMongo, RateLimiterRes } from 'rate-limiter-flexible';
import { IP_LIMIT_FACTOR, RATE_LIMITS, type RateLimitKind } from '@/lib/constants';
import { dbConnect } from '@/lib/db';
import { env } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { RateLimit } from '@/models';

const NOUNS: Record<RateLimitKind, string> = {
  take: 'takes posted',
  comment: 'comments',
  reaction: 'reactions',
  report: 'reports',
  follow: 'follows',
  upload: 'picture uploads',
  signup: 'sign-ups from this network',
  usernameCheck: 'username checks',
  receiptVote: 'receipt votes',
  favoriteTeam: 'favorite team changes',
  notificationsRead: 'notification updates',
  moderation: 'moderation actions',
  session: 'sign-ins',
};

type Limiters = Map<string, RateLimiterMongo>;
const globalLimiters = globalThis as typeof globalThis & { __takesLimiters?: Limiters; __takesLimitSweep?: number };

/** One limiter per kind and scope, sharing the app's connection pool. */
function limiter(kind: RateLimitKind, scope: 'user' | 'ip'): RateLimiterMongo {
  const limiters = (globalLimiters.__takesLimiters ??= new Map());
  const name = `${kind}:${scope}`;
  let found = limiters.get(name);
  if (!found) {
    const [base, duration] = RATE_LIMITS[kind];
    const points = base * env().RATE_LIMIT_SCALE;
    found = new RateLimiterMongo({
      storeClient: mongoose.connection.getClient(),
      dbName: mongoose.connection.db?.databaseName,
      tableName: 'ratelimits',
      keyPrefix: name,
      points: scope === 'ip' ? points * IP_LIMIT_FACTOR : points,
      duration,
      // ensureIndexes() declares them (models/rate-limit.ts); the store's own would be a TTL index, which the app does not use.
      disableIndexesCreation: true,
    });
    limiters.set(name, found);
  }
  return found;
}

/** Expired windows are removed here, at most once a minute per process, since there is no TTL index to do it. */
async function sweep() {
  const now = Date.now();
  if ((globalLimiters.__takesLimitSweep ?? 0) > now - 60_000) return;
  globalLimiters.__takesLimitSweep = now;
  await RateLimit.deleteMany({ expire: mongoose.trusted({ $lt: new Date(now - 60_000) }) });
}

function wait(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}

/** The client's address as the hosting proxy reports it (Vercel sets x-forwarded-for). */
export function clientIp(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || request.headers.get('x-real-ip') || 'unknown';
}

/**
 * Counts one action against the caller's and the client IP's windows; over
 * either, a 429 that says when to try again, with Retry-After and the IETF
 * RateLimit-Policy / RateLimit headers.
 */
export async function rateLimit(kind: RateLimitKind, request: Request, userId?: string): Promise<void> {
  await dbConnect();
  const checks: [RateLimiterMongo, string][] = [[limiter(kind, 'ip'), clientIp(request)]];
  if (userId) checks.push([limiter(kind, 'user'), userId]);
  try {
    await Promise.all(checks.map(([l, key]) => l.consume(key)));
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    const [points, window] = RATE_LIMITS[kind];
    throw new AppError(429, `Too many ${NOUNS[kind]}. Please try again in ${wait(seconds)}.`, {
      'Retry-After': String(seconds),
      'RateLimit-Policy': `"${kind}";q=${points};w=${window}`,
      RateLimit: `"${kind}";r=0;t=${seconds}`,
    });
  } finally {
    await sweep().catch(() => undefined);
  }
}
