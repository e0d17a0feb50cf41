import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { expireLists, LIST_TAGS } from '@/lib/data/shared/list-cache';
import { directory } from '@/lib/data/shared/directory';
import { LEAN_USER_FIELDS, type LeanUser, toPublicUser } from '@/lib/data/shared/mappers';
import { dbConnect } from '@/lib/db';
import { AppError, isDuplicateKey, notFound } from '@/lib/errors';
import type { ModeratorsAnswer } from '@/lib/validation/moderation';
import { Moderator, type ModeratorRow, User, type UserRow } from '@/models';

/** Changes listed with the roster: enough to see who changed what lately; each fan's document keeps all of theirs. */
const CHANGES_SHOWN = 20;

/**
 * The moderators administrators named, and the latest changes (who was added or removed, by which administrator,
 * when). Administrators themselves are named by the environment or the operator's command (lib/auth.ts, isAdmin).
 */
export async function listModerators(): Promise<ModeratorsAnswer> {
  await dbConnect();
  const docs = await Moderator.find({}).sort({ _id: 1 }).lean<ModeratorRow[]>();
  const [rows, { teamNicknames }] = await Promise.all([
    User.find({ _id: mongoose.trusted({ $in: docs.map((d) => d.user) }) })
      .select(LEAN_USER_FIELDS)
      .lean<LeanUser[]>(),
    directory(),
  ]);
  const users = new Map(rows.map((u) => [String(u._id), u]));
  const userOf = (doc: ModeratorRow) => toPublicUser(users.get(String(doc.user)), teamNicknames);
  const changes = docs
    .flatMap((doc) => doc.history.map((h) => ({ user: userOf(doc), change: h.change, by: h.by, at: h.at })))
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  return {
    moderators: docs
      .filter((doc) => doc.active)
      .map((doc) => {
        const added = doc.history.findLast((h) => h.change === 'added');
        return { user: userOf(doc), addedBy: added?.by ?? '', addedAt: (added?.at ?? new Date(0)).toISOString() };
      }),
    changes: changes.slice(0, CHANGES_SHOWN).map((c) => ({ ...c, at: c.at.toISOString() })),
  };
}

/** Names a fan a moderator, recorded with the administrator and the time; every instance knows at once (the roster's tag). */
export async function addModerator(username: string, byUid: string, at: Date): Promise<{ message: string }> {
  await dbConnect();
  const user = await User.findOne({ username })
    .select({ firebaseUID: 1, deletingAt: 1 })
    .lean<Pick<UserRow, '_id' | 'firebaseUID' | 'deletingAt'>>();
  if (!user || user.deletingAt) throw notFound(`No fan is called @${username}.`);
  try {
    // Only a fan who is not a moderator now matches; one who is makes the upsert collide with their document.
    await Moderator.updateOne(
      { _id: user.firebaseUID, active: mongoose.trusted({ $ne: true }) },
      { $set: { user: user._id, active: true }, $push: { history: { change: 'added', by: byUid, at } } },
      { upsert: true },
    );
  } catch (error) {
    if (isDuplicateKey(error)) throw new AppError(409, `@${username} is a moderator already.`);
    throw error;
  }
  await expireLists(LIST_TAGS.moderators);
  return { message: `@${username} is now a moderator.` };
}

/** Takes a fan's moderator role away, recorded with the administrator and the time. */
export async function removeModerator(userId: Types.ObjectId | string, byUid: string, at: Date): Promise<{ message: string }> {
  await dbConnect();
  const { matchedCount } = await Moderator.updateOne(
    { user: userId, active: true },
    { $set: { active: false }, $push: { history: { change: 'removed', by: byUid, at } } },
  );
  if (matchedCount === 0) throw notFound('That fan is not a moderator.');
  await expireLists(LIST_TAGS.moderators);
  return { message: 'Moderator removed.' };
}
