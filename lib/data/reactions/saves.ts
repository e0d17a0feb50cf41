import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { dbConnect } from '@/lib/db';
import { notFound } from '@/lib/errors';
import type { SaveState } from '@/lib/validation/calls';
import { Save, type SaveRow, Take } from '@/models';

/**
 * A fan's private saves (docs/product.md#saves): a take kept for later, and whether to be told when its call settles
 * (lib/data/calls/settled-notices.ts reads `notify`). No count is kept on the take and nothing but the fan's own
 * requests answers about their saves, so nobody else can tell who saved what.
 */

const stateOf = (save: Pick<SaveRow, 'notify'> | null): SaveState => ({ saved: save !== null, notify: save?.notify ?? false });

/** Saves a take for the fan (again: only its `notify` changes). A take that is not there (deleted, hidden) is a 404. */
export async function saveTake(user: Types.ObjectId, take: string, notify: boolean): Promise<SaveState> {
  await dbConnect();
  if (!(await Take.exists({ _id: take }))) throw notFound('Take not found.');
  await Save.updateOne({ user, take: new mongoose.Types.ObjectId(take) }, { $set: { notify } }, { upsert: true });
  return { saved: true, notify };
}

export async function unsaveTake(user: Types.ObjectId, take: string): Promise<SaveState> {
  await dbConnect();
  await Save.deleteOne({ user, take: new mongoose.Types.ObjectId(take) });
  return stateOf(null);
}

/** Whether the fan saved this take, and asked to be told when it settles. */
export async function saveStateOf(user: Types.ObjectId, take: string): Promise<SaveState> {
  await dbConnect();
  return stateOf(
    await Save.findOne({ user, take: new mongoose.Types.ObjectId(take) })
      .select({ notify: 1 })
      .lean<Pick<SaveRow, 'notify'>>(),
  );
}
