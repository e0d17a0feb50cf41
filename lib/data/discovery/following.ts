import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { FOLLOW_SUGGESTIONS } from '@/lib/constants';
import { dbConnect } from '@/lib/db';
import { createdAtKey, nextCursorOf, olderThan } from '@/lib/data/shared/keyset';
import { withAuthors } from '@/lib/data/takes/takes';
import type { Cursor } from '@/lib/validation/cursor';
import type { SuggestedUser } from '@/lib/validation/following';
import type { TakeDTO } from '@/lib/validation/takes';
import { Follow, type FollowRow, Take, type TakeRow, User, type UserRow } from '@/models';

async function followedIds(viewer: Types.ObjectId): Promise<Types.ObjectId[]> {
  const rows = await Follow.find({ follower: viewer }).select({ followee: 1, _id: 0 }).lean<Pick<FollowRow, 'followee'>[]>();
  return rows.map((r) => r.followee);
}

/**
 * The Following tab: takes by the people the viewer follows, newest first,
 * paged by (createdAt, _id). One query over the followed ids, walked in the
 * (createdBy, createdAt, _id) index a profile already uses: MongoDB merges the
 * followed authors' runs of that index in time order and stops at a page, so a
 * page costs the same whoever posted most. Read at request time, not cached:
 * it is one viewer's list, and an unfollow or a hide shows at once. (Why not a
 * fan-out list per follower: docs/features.md#following-notifications-and-moderation.)
 */
export async function listFollowingFeed(
  viewer: Types.ObjectId,
  { limit, cursor }: { limit: number; cursor?: Cursor },
): Promise<{ takes: TakeDTO[]; nextCursor: string | null }> {
  await dbConnect();
  const authors = await followedIds(viewer);
  if (authors.length === 0) return { takes: [], nextCursor: null };
  const stored = await Take.find({ createdBy: mongoose.trusted({ $in: authors }), ...olderThan(cursor) })
    .sort({ createdAt: -1, _id: -1 })
    .limit(limit)
    .lean<TakeRow[]>();
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
