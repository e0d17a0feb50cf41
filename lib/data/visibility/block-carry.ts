import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { Block, type BlockRow, Comment, Take } from '@/models';

/**
 * Blocks travel with the content they protect: each take and comment carries
 * `blockedWith`, the fans a block stands between its author and (either way).
 * A reaction's own counter update is conditional on it (lib/data/reactions/user-actions.ts),
 * so a block made through any instance holds on every other at once, at no
 * cost to a like. Written by lib/data/people/blocks.ts and on each new take and
 * comment; a migration (lib/data/maintenance/migrations.ts) wrote it for blocks
 * made before. Only models are imported, so the migration can use it.
 */
type Id = Types.ObjectId | string;

/** The fans a block stands between `userId` and, either way (mutes refuse nothing). */
export async function blockedWith(userId: Id): Promise<Types.ObjectId[]> {
  const rows = await Block.find({ kind: 'block', $or: [{ user: userId }, { target: userId }] })
    .select({ user: 1, target: 1 })
    .lean<Pick<BlockRow, 'user' | 'target'>[]>();
  return rows.map((r) => (String(r.user) === String(userId) ? r.target : r.user));
}

/**
 * Writes a block between two fans onto what each of them wrote (its
 * `blockedWith`), both ways, so a reaction across it matches nothing on any
 * instance (lib/data/reactions/user-actions.ts). `stands`: the block was made (added) or
 * undone (removed, unless a block the other way still stands).
 */
export async function carryBlock(a: Types.ObjectId, b: Types.ObjectId, stands: boolean): Promise<void> {
  const stillBlocked =
    !stands &&
    (await Block.exists({
      kind: 'block',
      $or: [
        { user: a, target: b },
        { user: b, target: a },
      ],
    })) !== null;
  if (stillBlocked) return;
  const move = (other: Types.ObjectId) => (stands ? { $addToSet: { blockedWith: other } } : { $pull: { blockedWith: other } });
  await Promise.all([
    Take.updateMany({ createdBy: a }, move(b)),
    Take.updateMany({ createdBy: b }, move(a)),
    Comment.updateMany({ user: a }, move(b)),
    Comment.updateMany({ user: b }, move(a)),
  ]);
}

/**
 * After a take or comment is written: copies its author's blocks onto it. Read
 * after the write, so a block made meanwhile is either seen here or written
 * onto it by carryBlock, which runs after its block is stored.
 */
export async function carryBlocksOnto(model: 'take' | 'comment', id: Types.ObjectId, author: Id): Promise<void> {
  const others = await blockedWith(author);
  if (!others.length) return;
  const update = { $addToSet: { blockedWith: mongoose.trusted({ $each: others }) } };
  if (model === 'take') await Take.updateOne({ _id: id }, update);
  else await Comment.updateOne({ _id: id }, update);
}

/**
 * The filter that makes a take or comment match nothing for `by` when a block
 * stands between them and its author (nothing without `by`): a reaction's own
 * counter update carries it, so a refusal costs no command of its own.
 */
export const openTo = (by?: Types.ObjectId) => (by ? { blockedWith: mongoose.trusted({ $ne: by }) } : {});
