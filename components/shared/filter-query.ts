import 'server-only';
import { z } from 'zod';
import type { TimeRange } from '@/lib/constants';
import type { Query } from './filter-href';

/** What a page receives as `searchParams`. */
export type SearchParams = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * One URL parameter read through the same schema the API uses. A bad value in a
 * shared or hand-edited link falls back to the default instead of breaking the page.
 */
export function readParam<T>(schema: z.ZodType<T>, params: SearchParams, key: string): T {
  const parsed = schema.safeParse(first(params[key]));
  return parsed.success ? parsed.data : schema.parse(undefined);
}

/** How many pages of a list are shown; Load More adds one. Capped so a link cannot ask for thousands of takes. */
export const pageParam = z.coerce.number().int().min(1).max(50).default(1);

/** The query without the values that equal their defaults, so the cleanest URL is the shared one. */
export function queryOf(values: Record<string, string | number | undefined>, defaults: Record<string, string | number | undefined>): Query {
  const query: Query = {};
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== defaults[key]) query[key] = String(value);
  }
  return query;
}

export const TIME_LABELS: Record<TimeRange, string> = {
  all: 'All Time',
  '12h': 'Past 12h',
  '24h': 'Past 24h',
  week: 'Past Week',
};

export const timeOptions = (ranges: TimeRange[]) => ranges.map((value) => ({ value, label: TIME_LABELS[value] }));
