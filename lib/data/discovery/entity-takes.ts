import 'server-only';
import { FEED_PAGE_SIZE, type TimeRange } from '@/lib/constants';
import { fillTop, listedTake } from '@/lib/data/filters/lists';
import { readerFor } from '@/lib/data/filters/reader';
import { listEntityTakes, type EntitySort } from '@/lib/data/takes/takes';
import type { EntityType } from '@/lib/league/entities';
import { followsEntity } from '@/lib/data/filters/entity-follows';
import type { FollowableType } from '@/lib/validation/entity-follows';
import type { ListedTake } from '@/lib/validation/takes';

export type EntityTakes = { takes: ListedTake[]; hasMore: boolean };

/** Whether `reader` follows this team or player, for the button their page renders (a visitor follows nothing). */
export async function followStateFor(type: FollowableType, id: number, viewer: string | null) {
  return { following: viewer ? await followsEntity(viewer, type, id) : false, for: viewer };
}

/**
 * A player's, team's or topic's takes for its page (`?page=` pages deep), as `reader` (a user id, or null for a
 * visitor) may see them: every page up to the current one, read further while their filters leave some out, and
 * whether Load More has anything left.
 */
export async function loadEntityTakes(
  type: EntityType,
  id: number | string,
  view: { sort: EntitySort; timeRange: TimeRange; page: number },
  viewer: string | null,
): Promise<EntityTakes> {
  const filters = await readerFor(viewer);
  const { items, hasMore } = await fillTop(
    view.page * FEED_PAGE_SIZE,
    true,
    async (limit) => {
      const { takes, listed } = await listEntityTakes(type, id, { sort: view.sort, timeRange: view.timeRange, skip: 0, limit });
      return { items: takes, full: listed.length === limit };
    },
    (take) => listedTake(filters, take),
  );
  return { takes: items, hasMore };
}
