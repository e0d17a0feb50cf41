import 'server-only';
import type { Types } from 'mongoose';
import { dbConnect } from '@/lib/db';
import { directory } from '@/lib/data/shared/directory';
import { entityKey } from '@/lib/league/entities';
import { isDuplicateKey, notFound } from '@/lib/errors';
import type { EntityFollowState, FollowableType } from '@/lib/validation/entity-follows';
import { EntityFollow, type EntityFollowRow } from '@/models';

/**
 * A fan following a team or a player (docs/product.md#game-day): the fact alone, unique per fan and entity, with no
 * counter to keep. What it does is read by the Following tab (lib/data/discovery/following-feed.ts), which takes the
 * followed entities' takes on the index their pages use.
 */

/** Follows a player or team; a repeat changes nothing. A player or team not in the directory is a 404. */
export async function followEntity(user: Types.ObjectId, type: FollowableType, id: number): Promise<EntityFollowState> {
  await dbConnect();
  const key = entityKey(type, id);
  if (!(await directory()).byKey.has(key)) throw notFound(type === 'team' ? 'Team not found.' : 'Player not found.');
  try {
    await EntityFollow.create({ user, entityKey: key });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
  return { following: true };
}

/** Unfollows; unfollowing what one does not follow changes nothing. */
export async function unfollowEntity(user: Types.ObjectId, type: FollowableType, id: number): Promise<EntityFollowState> {
  await dbConnect();
  await EntityFollow.deleteOne({ user, entityKey: entityKey(type, id) });
  return { following: false };
}

/** Whether the fan follows this team or player, for the entity page's button. */
export async function followsEntity(user: Types.ObjectId | string, type: FollowableType, id: number): Promise<boolean> {
  await dbConnect();
  return (await EntityFollow.exists({ user, entityKey: entityKey(type, id) })) !== null;
}

/** The keys of every team and player the fan follows, as takes carry them in entityKeys. */
export async function followedEntityKeys(user: Types.ObjectId | string): Promise<string[]> {
  const rows = await EntityFollow.find({ user }).select({ entityKey: 1, _id: 0 }).lean<Pick<EntityFollowRow, 'entityKey'>[]>();
  return rows.map((row) => row.entityKey);
}
