import 'server-only';
import { FEED_PAGE_SIZE, type TimeRange } from '@/lib/constants';
import { hiddenAuthorsFor, withoutHiddenTakes } from '@/lib/data/visibility/block-facts';
import { listEntityTakes, type EntitySort, type TakeDTO } from '@/lib/data/takes/takes';
import type { EntityType } from '@/lib/entities';
import { followsEntity } from '@/lib/data/filters/entity-follows';
import type { FollowableType } from '@/lib/validation/following';

export type EntityTakes = { takes: TakeDTO[]; hasMore: boolean };

/** Whether `reader` follows this team or player, for the button their page renders (a visitor follows nothing). */
export async function followStateFor(type: FollowableType, id: number, reader: string | null) {
  return { following: reader ? await followsEntity(reader, type, id) : false, for: reader };
}

/**
 * A player's, team's or topic's takes for its page (`?page=` pages deep), as `reader` (a user id, or null for a
 * visitor) may see them: every page up to the current one, plus one take to tell whether Load More has anything left.
 */
export async function loadEntityTakes(
  type: EntityType,
  id: number | string,
  view: { sort: EntitySort; timeRange: TimeRange; page: number },
  reader: string | null,
): Promise<EntityTakes> {
  const limit = view.page * FEED_PAGE_SIZE;
  const { takes, listed } = await listEntityTakes(type, id, { sort: view.sort, timeRange: view.timeRange, skip: 0, limit: limit + 1 });
  return { takes: withoutHiddenTakes(takes.slice(0, limit), await hiddenAuthorsFor(reader)), hasMore: listed.length > limit };
}
