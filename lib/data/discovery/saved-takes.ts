import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { SAVES_PAGE_SIZE } from '@/lib/discovery/constants';
import { dbConnect } from '@/lib/db';
import { listedTakes } from '@/lib/data/filters/lists';
import type { Reader } from '@/lib/data/filters/reader';
import { createdAtKey, nextCursorOf, olderThan } from '@/lib/data/shared/keyset';
import { withAuthors } from '@/lib/data/takes/takes';
import type { Cursor } from '@/lib/validation/cursor';
import type { ListedTake } from '@/lib/validation/takes';
import { Save, type SaveRow, Take, type TakeRow } from '@/models';

/**
 * The fan's Saved list (the account's Saved page, GET /api/account/saves): the takes they saved, most recently saved
 * first, 10 a page by (createdAt, _id) of the saves, as their own filters show them. A take gone since (deleted, hidden)
 * is left out; its save went with a delete. One read of the page's saves on the fan's own index, one of their takes by
 * id. Never cached: it is one fan's, and private.
 */
export async function listSavedTakes(
  reader: Reader,
  user: Types.ObjectId,
  cursor: Cursor | undefined,
  limit: number = SAVES_PAGE_SIZE,
): Promise<{ takes: ListedTake[]; notify: string[]; nextCursor: string | null }> {
  await dbConnect();
  const saves = await Save.find({ user, ...olderThan(cursor) })
    .sort({ createdAt: -1, _id: -1 })
    .limit(limit)
    .select({ take: 1, notify: 1, createdAt: 1 })
    .lean<Pick<SaveRow, '_id' | 'take' | 'notify' | 'createdAt'>[]>();
  const rows = saves.length ? await Take.find({ _id: mongoose.trusted({ $in: saves.map((s) => s.take) }) }).lean<TakeRow[]>() : [];
  const byId = new Map(rows.map((t) => [String(t._id), t]));
  const takes = await withAuthors(saves.flatMap((s) => byId.get(String(s.take)) ?? []));
  return {
    takes: listedTakes(reader, takes),
    notify: saves.filter((s) => s.notify).map((s) => String(s.take)),
    nextCursor: nextCursorOf(saves, limit, createdAtKey),
  };
}
