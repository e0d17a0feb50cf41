import type { TimeRange } from '@/lib/constants';
import type { EntitySort } from '@/lib/data/takes/takes';
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
