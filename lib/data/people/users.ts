import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { dbConnect } from '@/lib/db';
import { insertOnce } from '@/lib/data/shared/insert-once';
import { AppError, badRequest, isDuplicateKey, notFound } from '@/lib/errors';
import type { Identity } from '@/lib/auth';
import { assertNotBlocked, relationTo } from '@/lib/data/visibility/block-facts';
import { cacheViewer, cachedViewer, forgetViewer, type CachedViewer } from '@/lib/data/shared/viewer-cache';
import { moveCallerTeam } from '@/lib/data/callers/caller-standings';
import { markForCheck, movingCounters } from '@/lib/data/counters/counter-checks';
import { notifyFollow } from '@/lib/data/notifications/notifications';
import { expireLists, LIST_TAGS } from '@/lib/data/shared/list-cache';
import { signupCohortOf } from '@/lib/data/people/signup-cohort';
import type { FullProfile, SessionUser } from '@/lib/validation/users';
import { directory } from '@/lib/data/shared/directory';
import { flairOf, LEAN_USER_FIELDS, type LeanUser } from '@/lib/data/shared/mappers';
import { Follow, Team, User, type UserRow } from '@/models';

/** The session user data of docs/product.md#content; the email stays on the server. */
function toSessionUser(user: UserRow): SessionUser {
  return {
    _id: String(user._id),
    username: user.username,
    profilePictureUrl: user.profilePictureUrl ?? null,
    firebaseUID: user.firebaseUID,
    followersCount: user.followersCount,
    followingCount: user.followingCount,
    favoriteTeam: user.favoriteTeam ?? null,
    showFlair: user.showFlair !== false,
  };
}

export const CREATE_USER_FAILED = 'Error creating the user or username is already taken.';

/** Loads the public fields of many users in one query, keyed by id, with whether their account is being deleted. */
export async function usersById(ids: (Types.ObjectId | null | undefined)[]) {
  const unique = [...new Set(ids.filter((id): id is Types.ObjectId => Boolean(id)).map(String))];
  if (unique.length === 0) return new Map<string, LeanUser>();
  const users = await User.find({ _id: mongoose.trusted({ $in: unique }) })
    .select(LEAN_USER_FIELDS)
    .lean<LeanUser[]>();
  return new Map(users.map((u) => [String(u._id), u]));
}

export async function findUserByUid(uid: string): Promise<UserRow | null> {
  await dbConnect();
  return User.findOne({ firebaseUID: uid }).lean<UserRow>();
}

/** The viewer's app user; 403 until they have picked a username, and once their account's deletion has begun. */
export async function requireAppUser(identity: Identity): Promise<UserRow> {
  const user = await findUserByUid(identity.uid);
  if (!user) throw new AppError(403, 'Create a username before doing that.');
  if (user.deletingAt) throw new AppError(403, 'This account is being deleted.');
  return user;
}

/** The viewer as a reaction needs them (id, favourite team), from a short per-process cache (lib/data/shared/viewer-cache.ts). */
export async function requireViewer(identity: Identity): Promise<CachedViewer> {
  const cached = cachedViewer(identity.uid);
  if (cached) return cached;
  const user = await requireAppUser(identity);
  const viewer = { _id: user._id, firebaseUID: user.firebaseUID, favoriteTeam: user.favoriteTeam ?? null };
  cacheViewer(viewer);
  return viewer;
}

export async function getSessionUser(uid: string): Promise<SessionUser> {
  const user = await findUserByUid(uid);
  if (!user) throw notFound('No profile yet.');
  return toSessionUser(user);
}

export async function getUsernameByUid(uid: string): Promise<{ username: string }> {
  const user = await findUserByUid(uid);
  if (!user) throw notFound('No profile yet.');
  return { username: user.username };
}

export async function getFullProfile(userId: string, viewerUid: string | null): Promise<FullProfile> {
  await dbConnect();
  const user = await User.findById(userId).lean<UserRow>();
  if (!user || user.deletingAt) throw notFound('User not found.');
  let isFollowing = false;
  let relation = { blocking: false, muting: false };
  if (viewerUid && viewerUid !== user.firebaseUID) {
    const viewer = await User.findOne({ firebaseUID: viewerUid }).select({ _id: 1 }).lean<Pick<UserRow, '_id'>>();
    if (viewer)
      [isFollowing, relation] = await Promise.all([
        Follow.exists({ follower: viewer._id, followee: user._id }).then((f) => f !== null),
        relationTo(viewer._id, user._id),
      ]);
  }
  return {
    ...toSessionUser(user),
    flair: flairOf(user, (await directory()).teamNicknames),
    bio: user.bio ?? '',
    postsCount: user.postsCount,
    createdAt: user.createdAt.toISOString(),
    isFollowing,
    ...relation,
  };
}

/** Whether one user follows another (the profile's Follow/Following for the reader it renders for). */
export async function isFollowing(follower: string, followee: string): Promise<boolean> {
  await dbConnect();
  return (await Follow.exists({ follower, followee })) !== null;
}

export async function isUsernameAvailable(username: string): Promise<boolean> {
  await dbConnect();
  return (await User.exists({ username })) === null;
}

/**
 * Creates the viewer's user; identity fields come from the verified token only, and the sign-up cohort from the
 * request's client address (`from`) when the deployment vouches for one.
 */
export async function createUser(identity: Identity, username: string, from: { address: string | null; at: Date }): Promise<SessionUser> {
  await dbConnect();
  if (await User.exists({ firebaseUID: identity.uid })) throw new AppError(409, 'This account already has a username.');
  const signupCohort = await signupCohortOf(from.address, from.at);
  try {
    const user = await User.create({ firebaseUID: identity.uid, email: identity.email, username, signupCohort });
    return toSessionUser(user.toObject());
  } catch (error) {
    if (isDuplicateKey(error)) throw new AppError(409, CREATE_USER_FAILED);
    throw error;
  }
}

/** Points the user at a picture; with the picture it replaced, read in the same write (lib/data/people/avatars.ts releases it). */
export async function setProfilePicture(
  userId: Types.ObjectId | string,
  url: string,
): Promise<{ user: SessionUser; previous: string | null }> {
  await dbConnect();
  const before = await User.findOneAndUpdate(
    { _id: userId },
    { $set: { profilePictureUrl: url } },
    { returnDocument: 'before' },
  ).lean<UserRow>();
  if (!before) throw notFound('User not found.');
  // Cached take lists carry their authors' pictures; a new picture is rare enough to expire them all.
  await expireLists(LIST_TAGS.takes);
  return { user: toSessionUser({ ...before, profilePictureUrl: url }), previous: before.profilePictureUrl ?? null };
}

/**
 * Sets or clears the viewer's favourite team. Only future reactions count for
 * the fan-base split under it: each reaction keeps the team it was made with.
 */
export async function setFavoriteTeam(userId: Types.ObjectId, team: number | null): Promise<SessionUser> {
  await dbConnect();
  if (team !== null && !(await Team.exists({ _id: team }))) throw badRequest(`Unknown team: ${team}.`);
  const user = await User.findOneAndUpdate({ _id: userId }, { $set: { favoriteTeam: team } }, { returnDocument: 'after' }).lean<UserRow>();
  if (!user) throw notFound('User not found.');
  forgetViewer(user.firebaseUID);
  await moveCallerTeam(userId, team);
  // Cached take lists carry their authors' badges, as they carry their pictures (setProfilePicture).
  if (user.showFlair !== false) await expireLists(LIST_TAGS.takes);
  return toSessionUser(user);
}

/** Shows or hides the viewer's team badge beside their name, everywhere at once (docs/product.md#game-day). */
export async function setShowFlair(userId: Types.ObjectId, show: boolean): Promise<SessionUser> {
  await dbConnect();
  const user = await User.findOneAndUpdate({ _id: userId }, { $set: { showFlair: show } }, { returnDocument: 'after' }).lean<UserRow>();
  if (!user) throw notFound('User not found.');
  if (user.favoriteTeam != null) await expireLists(LIST_TAGS.takes);
  return toSessionUser(user);
}

const pair = (a: Types.ObjectId, b: Types.ObjectId) => [
  { kind: 'user' as const, id: String(a) },
  { kind: 'user' as const, id: String(b) },
];

/**
 * Follow and unfollow write the fact first (unique per pair) and move both
 * users' counts only when the fact changed, so repeats and races stay exact.
 */
export async function followFan(viewer: UserRow, targetUid: string): Promise<FullProfile> {
  const target = await findUserByUid(targetUid);
  if (!target || target.deletingAt) throw notFound('User not found.');
  if (String(target._id) === String(viewer._id)) throw badRequest('You cannot follow yourself.');
  await assertNotBlocked(viewer._id, [target._id]);
  if (await insertOnce(() => Follow.create({ follower: viewer._id, followee: target._id }))) {
    await movingCounters(pair(viewer._id, target._id), () =>
      Promise.all([
        User.updateOne({ _id: viewer._id }, { $inc: { followingCount: 1 } }),
        User.updateOne({ _id: target._id }, { $inc: { followersCount: 1 } }),
      ]),
    );
    await notifyFollow(viewer._id, target._id);
  }
  return getFullProfile(String(target._id), viewer.firebaseUID);
}

export async function unfollowFan(viewer: UserRow, targetUid: string): Promise<FullProfile> {
  const target = await findUserByUid(targetUid);
  if (!target) throw notFound('User not found.');
  if (String(target._id) === String(viewer._id)) throw badRequest('You cannot unfollow yourself.');
  await endFollow(viewer._id, target._id);
  return getFullProfile(String(target._id), viewer.firebaseUID);
}

/**
 * Ends a follow (an unfollow, a block, an account's deletion): the fact goes
 * first, and both counts move only when this call is the one that removed it.
 */
export async function endFollow(follower: Types.ObjectId, followee: Types.ObjectId): Promise<void> {
  if (!(await Follow.exists({ follower, followee }))) return;
  // A removed fact leaves nothing behind: the check is noted before it goes (lib/data/counters/counter-checks.ts).
  await markForCheck(pair(follower, followee));
  const removed = await Follow.findOneAndDelete({ follower, followee }).lean();
  if (!removed) return;
  await movingCounters(pair(follower, followee), () =>
    Promise.all([
      User.updateOne({ _id: follower }, { $inc: { followingCount: -1 } }),
      User.updateOne({ _id: followee }, { $inc: { followersCount: -1 } }),
    ]),
  );
}
