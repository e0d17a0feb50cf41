import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { FOLLOW_SUGGESTIONS } from '@/lib/discovery/constants';
import { dbConnect } from '@/lib/db';
import { createdAtKey, nextCursorOf, olderThan } from '@/lib/data/shared/keyset';
import { followedEntityKeys } from '@/lib/data/filters/entity-follows';
import { withAuthors } from '@/lib/data/takes/takes';
import type { Cursor } from '@/lib/validation/cursor';
import type { SuggestedUser } from '@/lib/validation/following';
import type { TakeDTO } from '@/lib/validation/takes';
import { Follow, type FollowRow, Take, type TakeRow, User, type UserRow } from '@/models';

async function followedIds(viewer: Types.ObjectId): Promise<Types.ObjectId[]> {
  const rows = await Follow.find({ follower: viewer }).select({ followee: 1, _id: 0 }).lean<Pick<FollowRow, 'followee'>[]>();
  return rows.map((r) => r.followee);
}

/** Newest first, by (createdAt, _id): the order of the tab and of its cursor. */
const newestFirst = (a: TakeRow, b: TakeRow) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (String(b._id) < String(a._id) ? -1 : String(b._id) > String(a._id) ? 1 : 0);

/**
 * The Following tab: takes by the people the viewer follows and about the
 * teams and players they follow (a take on a game counts for both its teams),
 * newest first, paged by (createdAt, _id). Two queries over the followed ids,
 * each walked in an index pages already use: the fans' runs of the
 * (createdBy, createdAt, _id) index a profile reads, and the entities' runs of
 * the (entityKeys, createdAt, _id) index an entity page reads. MongoDB merges
 * each query's runs in time order and stops at a page, so each reads a page at
 * most however much anyone posted; the two pages are merged here (a followed
 * fan's take on a followed team comes once) and cut to one. Read at request
 * time, not cached: it is one viewer's list, and an unfollow or a hide shows at
 * once. (Why not a fan-out list per follower: docs/features.md#following-notifications-and-moderation.)
 */
export async function listFollowingFeed(
  viewer: Types.ObjectId,
  { limit, cursor }: { limit: number; cursor?: Cursor },
): Promise<{ takes: TakeDTO[]; nextCursor: string | null }> {
  await dbConnect();
  const [authors, entities] = await Promise.all([followedIds(viewer), followedEntityKeys(viewer)]);
  const page = (filter: object) =>
    Take.find({ ...filter, ...olderThan(cursor) })
      .sort({ createdAt: -1, _id: -1 })
      .limit(limit)
      .lean<TakeRow[]>();
  const pages = await Promise.all([
    authors.length ? page({ createdBy: mongoose.trusted({ $in: authors }) }) : [],
    entities.length ? page({ entityKeys: mongoose.trusted({ $in: entities }) }) : [],
  ]);
  const byId = new Map(pages.flat().map((take) => [String(take._id), take]));
  // Past a full page of either, there may be more: the merged page is full then, and its last take is the cursor.
  const stored = [...byId.values()].sort(newestFirst).slice(0, limit);
  const takes = await withAuthors(stored);
  return { takes, nextCursor: nextCursorOf(stored, limit, createdAtKey) };
}

/** The most-followed users the viewer does not follow yet (and not the viewer), for the empty Following tab. */
export async function suggestedUsers(viewer: Types.ObjectId): Promise<SuggestedUser[]> {
  await dbConnect();
  const skip = [viewer, ...(await followedIds(viewer))];
  const users = await User.find({ _id: mongoose.trusted({ $nin: skip }) })
    .sort({ followersCount: -1, _id: 1 })
    .limit(FOLLOW_SUGGESTIONS)
    .select({ username: 1, profilePictureUrl: 1, firebaseUID: 1, followersCount: 1, deletingAt: 1 })
    .lean<Pick<UserRow, '_id' | 'username' | 'profilePictureUrl' | 'firebaseUID' | 'followersCount' | 'deletingAt'>[]>();
  return users
    .filter((u) => !u.deletingAt)
    .map((u) => ({
      _id: String(u._id),
      username: u.username,
      profilePictureUrl: u.profilePictureUrl ?? null,
      firebaseUID: u.firebaseUID,
      followersCount: u.followersCount,
    }));
}
