import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { dbConnect } from '@/lib/db';
import { carryBlock } from '@/lib/data/visibility/block-carry';
import { relationTo, type BlockKind } from '@/lib/data/visibility/block-facts';
import { directory } from '@/lib/data/shared/directory';
import { LEAN_USER_FIELDS, toPublicUser, type LeanUser } from '@/lib/data/shared/mappers';
import { expireUnread } from '@/lib/data/notifications/notifications';
import { endFollow } from '@/lib/data/people/users';
import { insertOnce } from '@/lib/data/shared/insert-once';
import { badRequest, notFound } from '@/lib/errors';
import type { Relation, Restrictions } from '@/lib/validation/account';
import { Block, type BlockRow, Notification, User, type UserRow } from '@/models';

/** Making and undoing blocks and mutes, and the account page's lists of them; what they mean is lib/data/visibility/block-facts.ts. */

/**
 * Blocks or mutes a fan. The fact is written once (a repeat changes nothing);
 * a block then ends any follow between the two, either way, with both counts
 * moving exactly, and either removes what the one's doings told the other.
 */
export async function restrict(viewer: Types.ObjectId, targetId: string, kind: BlockKind): Promise<Relation> {
  await dbConnect();
  if (String(viewer) === targetId) throw badRequest(`You cannot ${kind} yourself.`);
  const target = await User.findById(targetId).select({ _id: 1, deletingAt: 1 }).lean<Pick<UserRow, '_id' | 'deletingAt'>>();
  if (!target || target.deletingAt) throw notFound('User not found.');
  await insertOnce(() => Block.create({ user: viewer, target: target._id, kind }));
  if (kind === 'block') {
    await Promise.all([
      carryBlock(viewer, target._id, true),
      endFollow(viewer, target._id),
      endFollow(target._id, viewer),
      Notification.deleteMany({ actor: viewer, recipient: target._id }),
    ]);
  }
  await Notification.deleteMany({ actor: target._id, recipient: viewer });
  await expireUnread(viewer, ...(kind === 'block' ? [target._id] : []));
  return relationTo(viewer, target._id);
}

/** Undoes a block or mute; undoing one that is not there changes nothing. Nothing ended by the block comes back. */
export async function unrestrict(viewer: Types.ObjectId, targetId: string, kind: BlockKind): Promise<Relation> {
  await dbConnect();
  await Block.deleteOne({ user: viewer, target: targetId, kind });
  if (kind === 'block' && mongoose.isValidObjectId(targetId)) await carryBlock(viewer, new mongoose.Types.ObjectId(targetId), false);
  return relationTo(viewer, targetId);
}

const LIST_LIMIT = 500;

/** The account page's lists: whom the viewer blocked and muted, newest first. */
export async function listRestrictions(viewer: Types.ObjectId): Promise<Restrictions> {
  await dbConnect();
  const read = (kind: BlockKind) =>
    Block.find({ user: viewer, kind }).sort({ createdAt: -1 }).limit(LIST_LIMIT).select({ target: 1 }).lean<Pick<BlockRow, 'target'>[]>();
  const [blocked, muted] = await Promise.all([read('block'), read('mute')]);
  const ids = [...blocked, ...muted].map((r) => r.target);
  const users = ids.length
    ? await User.find({ _id: mongoose.trusted({ $in: ids }) })
        .select(LEAN_USER_FIELDS)
        .lean<LeanUser[]>()
    : [];
  const byId = new Map(users.map((u) => [String(u._id), u]));
  const { teamNicknames } = await directory();
  const named = (rows: Pick<BlockRow, 'target'>[]) =>
    rows.flatMap((r) => (byId.has(String(r.target)) ? [toPublicUser(byId.get(String(r.target)), teamNicknames)] : []));
  return { blocked: named(blocked), muted: named(muted) };
}
