import 'server-only';
import { dbConnect } from '@/lib/db';
import { directory } from '@/lib/data/directory';
import { usersById } from '@/lib/data/users';
import { searchKeys } from '@/lib/search-keys';
import { Take, type TakeRow } from '@/models';

const BACKFILL_BATCH = 500;

/**
 * Writes the search keys of every take whose stored keys differ from what its
 * text, focus's name and author's username give (takes stored before search
 * had keys, or after a rename in the reference data); returns how many it
 * wrote, or would write with `dryRun`. Safe to run again: a second run writes
 * nothing. Called by `npm run repair-counts`.
 */
export async function backfillSearchKeys({ dryRun = false }: { dryRun?: boolean } = {}): Promise<number> {
  await dbConnect();
  type Stored = Pick<TakeRow, '_id' | 'title' | 'description' | 'entityKey' | 'createdBy'> & { searchKeys?: string[] };
  const dir = await directory();
  let written = 0;
  let batch: Stored[] = [];
  const flush = async () => {
    // A take stored without some field (written by hand, or before it existed) is keyed by what it has.
    const authors = await usersById(batch.flatMap((t) => (t.createdBy ? [t.createdBy] : [])));
    const updates = batch.flatMap((take) => {
      const keys = searchKeys(
        take.title ?? '',
        take.description ?? '',
        dir.byKey.get(take.entityKey)?.name ?? '',
        authors.get(String(take.createdBy))?.username ?? '',
      );
      return take.searchKeys?.join(' ') === keys.join(' ')
        ? []
        : [{ updateOne: { filter: { _id: take._id }, update: { $set: { searchKeys: keys } } } }];
    });
    if (updates.length && !dryRun) await Take.bulkWrite(updates, { ordered: false });
    written += updates.length;
    batch = [];
  };
  for await (const take of Take.find({}).select('title description entityKey createdBy +searchKeys').lean<Stored>().cursor()) {
    batch.push(take);
    if (batch.length === BACKFILL_BATCH) await flush();
  }
  if (batch.length) await flush();
  return written;
}
