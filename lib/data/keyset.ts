import 'server-only';
import mongoose from 'mongoose';

/**
 * Keyset paging: a page ordered by (key, _id), highest first, continues below
 * the last item it showed, so an insert never repeats or skips an item the
 * way skip/limit would.
 */
export function below(field: string, value: number | Date, id: string) {
  return {
    $or: [
      { [field]: mongoose.trusted({ $lt: value }) },
      { [field]: value, _id: mongoose.trusted({ $lt: new mongoose.Types.ObjectId(id) }) },
    ],
  };
}

/** Where a newest-first page ended: its last item's time (epoch ms) and id, written "at_id". */
export type TimeCursor = { at: number; id: string };

export function encodeTimeCursor(item: { createdAt: string; _id: string }): string {
  return `${Date.parse(item.createdAt)}_${item._id}`;
}

export function decodeTimeCursor(cursor: string | undefined): TimeCursor | undefined {
  if (!cursor) return undefined;
  const [at = '', id = ''] = cursor.split('_');
  return { at: Number(at), id };
}

/** The filter for the items after a newest-first page by (createdAt, _id). */
export const olderThan = (cursor: TimeCursor | undefined) => (cursor ? below('createdAt', new Date(cursor.at), cursor.id) : {});
