import 'server-only';
import mongoose from 'mongoose';
import { addressKey, clientAddress, serverEntryRuns } from '@/lib/client-address';
import { dbConnect } from '@/lib/db';
import { env } from '@/lib/env';
import { AppError, isDuplicateKey } from '@/lib/errors';
import { RateLimit, type RateLimitRow } from '@/models';
import { SEARCH_DEBOUNCE_MS } from '@/lib/constants';

/**
 * Abuse limits per signed-in user (or per client IP for signed-out calls):
 * [points, window in seconds]. A client IP gets IP_LIMIT_FACTOR times as many,
 * since many fans can share one address (a campus, a mobile carrier's NAT).
 */
export const RATE_LIMITS = {
  take: [6, 10 * 60],
  comment: [30, 60],
  reaction: [120, 60],
  report: [10, 60 * 60],
  follow: [200, 24 * 60 * 60],
  upload: [10, 60 * 60],
  signup: [10, 60 * 60],
  usernameCheck: [60, 60],
  receiptVote: [60, 60],
  favoriteTeam: [10, 60 * 60],
  notificationsRead: [120, 60],
  moderation: [600, 60 * 60],
  block: [100, 24 * 60 * 60],
  // Muting, unmuting, watch-later teams and games, Watched: a fan tidying their filters makes a few dozen at most.
  filters: [120, 60 * 60],
  accountExport: [10, 60 * 60],
  session: [30, 60 * 60],
  // The most one search box can send: a request only after SEARCH_DEBOUNCE_MS without typing, so a fan typing
  // without end never meets it; the address's window (x3) leaves room for a few people behind one network.
  search: [Math.ceil(60_000 / SEARCH_DEBOUNCE_MS), 60],
  // Share images (/api/capture): a fan saves one per click on Save Image, the button waiting for each.
  capture: [30, 10 * 60],
  // Saving a take and unsaving it: a fan keeping what they read, not a script.
  save: [120, 60 * 60],
} as const satisfies Record<string, readonly [number, number]>;
export type RateLimitKind = keyof typeof RATE_LIMITS;
export const IP_LIMIT_FACTOR = 3;

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
  block: 'blocks and mutes',
  filters: 'filter changes',
  accountExport: 'data downloads',
  session: 'sign-ins',
  search: 'searches',
  capture: 'share images',
  save: 'saves',
};

/** One window: `points` actions per `seconds`, from the first action in it. */
type Window = { key: string; points: number; seconds: number };
type UpdateReply = { writeErrors?: { index: number; code: number }[] };

/** Rounds of re-counting a window that looked full only because another request was starting or ending it. */
const RACE_ROUNDS = 3;

/**
 * The two statements that count one action against one window. A window
 * starts with its first action and lasts its duration (models/rate-limit.ts):
 *   1. in a live window under its limit, one more point; with no window yet, a new one;
 *   2. over an expired window, a new one at one point.
 * Each upserts, so where it does not apply its insert collides with the
 * stored window on the unique key and fails with a duplicate key. The action
 * counted unless both failed: the window is full, or a racing request was
 * starting or renewing it at that moment (settled by `recount`).
 */
function statements(window: Window, now: Date) {
  const expire = new Date(now.getTime() + window.seconds * 1000);
  return [
    {
      q: { key: window.key, expire: { $gt: now }, points: { $lt: window.points } },
      u: { $inc: { points: 1 }, $setOnInsert: { expire } },
      upsert: true,
    },
    { q: { key: window.key, expire: { $lte: now } }, u: { $set: { points: 1, expire } }, upsert: true },
  ];
}

/**
 * Counts one action against every window in one `update` command (one round
 * trip for the viewer's and the IP's windows). Unordered, so a statement that
 * fails does not stop the next window's; the statements of one window run in
 * the order given, as they do on one unsharded collection. Returns the
 * windows where the action did not count.
 */
async function countIn(windows: Window[], now: Date): Promise<Window[]> {
  const db = mongoose.connection.db;
  if (!db) throw new Error('database handle missing after connect');
  const reply = (await db.command({
    update: RateLimit.collection.collectionName,
    updates: windows.flatMap((w) => statements(w, now)),
    ordered: false,
  })) as UpdateReply;
  const failed = new Set<number>();
  for (const error of reply.writeErrors ?? []) {
    if (!isDuplicateKey(error)) throw new Error(`rate limit update failed with code ${error.code}`);
    failed.add(error.index);
  }
  return windows.filter((_, i) => failed.has(2 * i) && failed.has(2 * i + 1));
}

/**
 * The windows that are really full, with when each frees up. A window that
 * looked full but is live and under its limit (or gone, or expired) lost a
 * race with a request starting or renewing it: the action is counted again.
 */
async function recount(refused: Window[], now: Date): Promise<{ window: Window; msLeft: number } | null> {
  let pending = refused;
  for (let round = 0; round < RACE_ROUNDS && pending.length > 0; round += 1) {
    const stored = new Map(
      (
        await RateLimit.find({ key: mongoose.trusted({ $in: pending.map((w) => w.key) }) }).lean<
          Pick<RateLimitRow, 'key' | 'points' | 'expire'>[]
        >()
      ).map((doc) => [doc.key, doc]),
    );
    for (const window of pending) {
      const doc = stored.get(window.key);
      if (doc?.expire && doc.expire > now && doc.points >= window.points) return { window, msLeft: doc.expire.getTime() - now.getTime() };
    }
    pending = await countIn(pending, now);
  }
  // Still contended after every round: refuse briefly rather than count an action twice.
  return pending[0] ? { window: pending[0], msLeft: 1000 } : null;
}

function wait(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}

/** The request's client address as far as the deployment vouches for it (lib/client-address.ts), or null. */
export function requestAddress(request: Request): string | null {
  const { VERCEL, TAKES_TRUSTED_PROXY_HOPS } = env();
  return clientAddress(request.headers, { vercel: VERCEL, proxyHops: TAKES_TRUSTED_PROXY_HOPS, socket: serverEntryRuns() });
}

/**
 * The window an action counts against besides the viewer's own. With a known address, that address's (more
 * generous: many fans share one; an IPv6 client's /64, lib/client-address.ts). Without one (a server started
 * without server.mjs and no proxy named), a signed-in viewer has only their own window: their uid comes from a
 * verified token and cannot be forged, and one bucket shared by every fan would let a single abuser lock them all
 * out. A visitor (no uid) then counts against one bucket shared by every visitor: it cannot be dodged by writing a
 * header.
 */
function addressWindow(kind: RateLimitKind, request: Request, points: number, seconds: number, userId?: string): Window | null {
  const address = requestAddress(request);
  if (!address && userId) return null;
  return { key: `${kind}:ip:${address ? addressKey(address) : 'unknown'}`, points: points * IP_LIMIT_FACTOR, seconds };
}

/**
 * Counts one action against the viewer's and the client address's windows (addressWindow), in one
 * database command; over either, a 429 that says when to try again, with
 * Retry-After and the IETF RateLimit-Policy / RateLimit headers.
 */
export async function rateLimit(kind: RateLimitKind, request: Request, userId?: string): Promise<void> {
  await dbConnect();
  const [base, seconds] = RATE_LIMITS[kind];
  const points = base * env().RATE_LIMIT_SCALE;
  const windows: Window[] = [];
  const shared = addressWindow(kind, request, points, seconds, userId);
  if (shared) windows.push(shared);
  if (userId) windows.push({ key: `${kind}:user:${userId}`, points, seconds });
  const now = new Date();
  const refused = await countIn(windows, now);
  const over = refused.length > 0 ? await recount(refused, now) : null;
  if (!over) return;
  const retry = Math.max(1, Math.ceil(over.msLeft / 1000));
  throw new AppError(429, `Too many ${NOUNS[kind]}. Please try again in ${wait(retry)}.`, {
    'Retry-After': String(retry),
    'RateLimit-Policy': `"${kind}";q=${base};w=${seconds}`,
    RateLimit: `"${kind}";r=0;t=${retry}`,
  });
}

/** Removes expired windows (the app uses no TTL index: the local engine has none); run by the scheduled job. */
export async function sweepRateLimits(now: Date): Promise<number> {
  await dbConnect();
  const { deletedCount } = await RateLimit.deleteMany({ expire: mongoose.trusted({ $lt: now }) });
  return deletedCount;
}
