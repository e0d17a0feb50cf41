import 'server-only';
import { FEED_PAGE_SIZE, type TimeRange } from '@/lib/constants';
import { listEntityTakes, type EntitySort, type TakeDTO } from '@/lib/data/takes';
import { viewerVisible } from '@/lib/viewer';
import type { EntityType } from '@/lib/entities';
import { entityTakesQuery } from '@/lib/validation/takes';
import type { Query } from '@/components/shared/filter-href';
import { pageParam, queryOf, readParam, type SearchParams } from '@/components/shared/filter-query';

/** What an entity page shows, read from its URL: `?sort=likes&time=24h&page=2`. */
export type EntityView = { sort: EntitySort; timeRange: TimeRange; page: number; query: Query };

export const ENTITY_VIEW_DEFAULTS = { sort: 'newest', time: 'all', page: 1 } as const;

export function readEntityView(params: SearchParams): EntityView {
  const sort = readParam(entityTakesQuery.shape.sort, params, 'sort');
  const timeRange = readParam(entityTakesQuery.shape.timeRange, params, 'time');
  const page = readParam(pageParam, params, 'page');
  return { sort, timeRange, page, query: queryOf({ sort, time: timeRange, page }, ENTITY_VIEW_DEFAULTS) };
}

export type EntityTakes = { takes: TakeDTO[]; hasMore: boolean };

/** Every page up to the current one, plus one take to tell whether Load More has anything left. */
export async function loadEntityTakes(type: EntityType, id: number | string, view: EntityView): Promise<EntityTakes> {
  const limit = view.page * FEED_PAGE_SIZE;
  const { takes, listed } = await listEntityTakes(type, id, { sort: view.sort, timeRange: view.timeRange, skip: 0, limit: limit + 1 });
  return { takes: await viewerVisible(takes.slice(0, limit)), hasMore: listed.length > limit };
}
