import mongoose from 'mongoose';
import { Take } from '@/models';
import { type Fan, PLAYER } from '@/tests/data/support/fans';

/**
 * A take written straight to the database, as an import or an older version may have left one (longer than the API
 * allows today, or about an entity gone since), as tests/support/stored-take.ts writes one for the API suite.
 */
export async function storeTake(author: Fan, fields: Record<string, unknown> = {}): Promise<string> {
  const doc = await Take.create({
    title: 'A take from the archive',
    description: 'Imported.',
    entityType: 'player',
    playerID: PLAYER.id,
    entityKey: `player:${PLAYER.id}`,
    tags: [PLAYER.id],
    createdBy: new mongoose.Types.ObjectId(author._id),
    score: 0,
    ...fields,
  });
  return String(doc._id);
}
