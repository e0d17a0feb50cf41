import mongoose from 'mongoose';
import { Take } from '@/models';
import { PLAYER, type TestUser } from '@/tests/support/api';

/**
 * A take written straight to the database, as an import or an older version may have left one (longer than the API
 * allows today, or about an entity gone since). The caller's file connects to the database.
 */
export async function storeTake(author: TestUser, fields: Record<string, unknown> = {}): Promise<string> {
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
