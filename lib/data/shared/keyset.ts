import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { encodeCursor, type Cursor } from '@/lib/validation/cursor';

/**
 * Keyset paging: a list ordered by (key, _id) continues past the last item it
 * showed, so an insert never repeats or skips an item the way skip/limit would.
 */
function past(field: string, value: number | Date, id: string | Types.ObjectId, op: '$lt' | '$gt') {
  return {
    $or: [
      { [field]: mongoose.trusted({ [op]: value }) },
      { [field]: value, _id: mongoose.trusted({ [op]: new mongoose.Types.ObjectId(id) }) },
    ],
  };
}

/** The rest of a highest-first page after `cursor`. `asDate`: the key is a time stored as a Date. */
export function below(field: string, cursor: Cursor | undefined, asDate = false) {
  return cursor ? past(field, asDate ? new Date(cursor.value) : cursor.value, cursor.id, '$lt') : {};
}

/** The rest of a newest-first page by (createdAt, _id). */
export const olderThan = (cursor: Cursor | undefined) => below('createdAt', cursor, true);

/** The rest of an oldest-first scan by (createdAt, _id), after the document it stopped at. */
export const newerThan = (last: { createdAt: Date; _id: Types.ObjectId } | undefined) =>
  last ? past('createdAt', last.createdAt, last._id, '$gt') : {};

/**
 * Where the page after `items` starts: null when this page was not full, so it is the last. `items` are the rows as
 * the query read them: a take left out afterwards (its author leaving, say) must not make a full page look like the last.
 */
export function nextCursorOf<T extends { _id: string | Types.ObjectId }>(
  items: T[],
  limit: number,
  key: (item: T) => number,
): string | null {
  const last = items.length === limit ? items[items.length - 1] : undefined;
  return last ? encodeCursor(key(last), String(last._id)) : null;
}

/** The key of a newest-first list. */
export const createdAtKey = (item: { createdAt: Date }) => item.createdAt.getTime();
