import 'server-only';
import { Types } from 'mongoose';
import { dbConnect } from '@/lib/db';
import { cachedList, LIST_TAGS, LIST_TTL, unstored } from '@/lib/data/shared/list-cache';
import { unreadCount } from '@/lib/data/notifications/notifications';
import { AppError, notFound } from '@/lib/errors';
import type { Identity } from '@/lib/auth';
import { entityKey } from '@/lib/league/entities';
import type { LiveGame } from '@/lib/validation/games';
import type { LiveTake, NewestTake } from '@/lib/validation/live';
import { EntityStat, type EntityStatRow, Game, type GameRow, Take, type TakeRow, User, type UserRow } from '@/models';

/**
 * The "what changed" reads open pages poll (docs/features.md#live-updates). Each is
 * an entry of the data cache that the writes which change its answer expire,
 * so a poll while nothing changes costs no database command, however many
 * tabs ask. Their time-to-live (5 minutes) only bounds writes that name no
 * tag: a recount by the scheduled job, a seed, or notifications removed with a
 * deleted take, comment or account, whose recipients nobody reads back.
 */
const LIVE_TTL = LIST_TTL.lists;

/**
 * The newest take of the feed, which the feed's Hot and New orders put at or
 * near the top: posting, deleting, hiding and restoring a take expire it with
 * the feed (takes:feed), and nothing else changes it.
 */
export async function newestTake(): Promise<NewestTake> {
  const newest = await cachedList('newest-take', [], [LIST_TAGS.takes, LIST_TAGS.feed], LIVE_TTL, async () => {
    await dbConnect();
    return Take.findOne({}).sort({ createdAt: -1, _id: -1 }).select({ _id: 1, createdAt: 1 }).lean<Pick<TakeRow, '_id' | 'createdAt'>>();
  });
  return { newest: newest && { _id: String(newest._id), createdAt: newest.createdAt.toISOString() } };
}

/**
 * An open game page's poll: its status and score, and its thread's newest take and size, as anyone is shown them (a
 * fan's spoiler shield is applied after: shownLive in lib/data/filters/lists.ts). Under the game's own tag
 * (a write to the game: expireGames in lib/data/games/games.ts) and its thread's (a take posted there, deleted,
 * hidden or restored), so a poll while nothing changes costs nothing. Its minute of time-to-live bounds a score
 * written without expiring it.
 */
export async function liveGame(id: number): Promise<LiveGame> {
  const key = entityKey('game', id);
  const row = await cachedList('live-game', [id], [LIST_TAGS.games, LIST_TAGS.game(id), LIST_TAGS.entity(key)], LIST_TTL.hot, async () => {
    await dbConnect();
    const [game, newest, stat] = await Promise.all([
      Game.findById(id)
        .select({ status: 1, homeScore: 1, awayScore: 1, _id: 0 })
        .lean<Pick<GameRow, 'status' | 'homeScore' | 'awayScore'>>(),
      Take.findOne({ entityKeys: key })
        .sort({ createdAt: -1, _id: -1 })
        .select({ _id: 1, createdAt: 1 })
        .lean<Pick<TakeRow, '_id' | 'createdAt'>>(),
      EntityStat.findById(key).select({ takes: 1, _id: 0 }).lean<Pick<EntityStatRow, 'takes'>>(),
    ]);
    // An id no game has is answered but not kept, or every made-up id would add an entry (cache-keys.test.ts).
    return game ? { game, newest, takes: stat?.takes ?? 0 } : unstored(null);
  });
  if (!row) throw notFound('Game not found.');
  return {
    status: row.game.status ?? 'scheduled',
    awayScore: row.game.awayScore ?? null,
    homeScore: row.game.homeScore ?? null,
    takes: Math.max(0, row.takes),
    newest: row.newest && { _id: String(row.newest._id), createdAt: row.newest.createdAt.toISOString() },
    shielded: false,
  };
}

type LiveRow = Pick<TakeRow, 'likes' | 'dislikes' | 'shares' | 'commentsCount'>;

/**
 * A take's counts and comment total, under its own tag (take:<id>), which a
 * reaction, share, comment, comment removal, delete, hide or restore of that
 * take expires. A take that is not there is not cached: its id is whatever the
 * client sent, and an entry per made-up id would grow the cache without end; a
 * poll of one costs a lookup by _id.
 */
export async function liveTake(id: string): Promise<LiveTake> {
  const row = await cachedList<LiveRow | null>('live-take', [id], [LIST_TAGS.take(id)], LIVE_TTL, async () => {
    await dbConnect();
    const found = await Take.findById(id).select({ likes: 1, dislikes: 1, shares: 1, commentsCount: 1, _id: 0 }).lean<LiveRow>();
    return found ?? unstored(null);
  });
  if (!row) throw notFound('Take not found.');
  // A racing fan's taps can leave a count below zero for a moment; it is never shown as such.
  return {
    likes: Math.max(0, row.likes),
    dislikes: Math.max(0, row.dislikes),
    shares: Math.max(0, row.shares),
    commentsCount: Math.max(0, row.commentsCount),
  };
}

/**
 * The viewer's user id by their Firebase uid, which never changes while the
 * account exists, so it is cached for a day. A viewer without a username yet
 * is not cached (the read throws), so their first username is seen at once.
 */
async function accountOf(identity: Identity): Promise<Types.ObjectId> {
  const id = await cachedList('account-id', [identity.uid], [], 86_400, async () => {
    await dbConnect();
    const user = await User.findOne({ firebaseUID: identity.uid }).select({ _id: 1 }).lean<Pick<UserRow, '_id'>>();
    if (!user) throw new AppError(403, 'Create a username before doing that.');
    return user._id;
  });
  return new Types.ObjectId(String(id));
}

/**
 * The viewer's unread count, as lib/data/notifications/notifications.ts counts it, under
 * their own tag (unread:<user id>), which every notification written to them
 * and their marking read expire.
 */
export async function liveUnread(identity: Identity): Promise<{ unread: number }> {
  const viewer = await accountOf(identity);
  const unread = await cachedList('unread', [String(viewer)], [LIST_TAGS.unread(viewer)], LIVE_TTL, () => unreadCount(viewer));
  return { unread };
}
