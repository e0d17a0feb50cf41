import { z } from 'zod';
import { apiFetch } from '@/lib/client/api';
import { SEARCH_RESULTS } from '@/lib/constants';
import { collapsedTake, entity as entitySchema, take } from '@/lib/validation/takes';

/**
 * A result names a take by its title only, so a row needs no more than that to be shown. One the searcher's filters
 * collapse is named by its reason ("Spoiler: Lakers @ Celtics"): its title never reached the browser, and its page asks
 * first.
 */
const takeSchema = z
  .union([take.pick({ _id: true, title: true }), collapsedTake.pick({ _id: true, collapsed: true })])
  .transform((row) => ({ _id: row._id, title: 'title' in row ? row.title : row.collapsed.label }));

export type SearchEntity = z.infer<typeof entitySchema>;
export type SearchTake = z.output<typeof takeSchema>;
export type SearchResults = { takes: SearchTake[]; players: SearchEntity[]; teams: SearchEntity[] };

/** Keeps the valid rows of a list answer; anything else is treated as no rows. */
function rows<T>(data: unknown, schema: z.ZodType<T>): T[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((row) => {
    const parsed = schema.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });
}

async function list<T>(path: string, schema: z.ZodType<T>, signal?: AbortSignal, token?: string | null): Promise<T[]> {
  return rows(await apiFetch(path, { signal, token }), schema);
}

let entities: Promise<{ players: SearchEntity[]; teams: SearchEntity[] }> | null = null;

/** Players and teams are short reference lists: loaded once, then matched in the browser. */
function loadEntities() {
  entities ??= Promise.allSettled([list('/api/players', entitySchema), list('/api/teams', entitySchema)]).then(([players, teams]) => {
    const failed = [players, teams].filter((r) => r.status === 'rejected');
    failed.forEach((r) => console.error('Search: could not load an entity list', r.reason));
    // Forget a failed load so the next search tries again.
    if (failed.length > 0) entities = null;
    return {
      players: players.status === 'fulfilled' ? players.value : [],
      teams: teams.status === 'fulfilled' ? teams.value : [],
    };
  });
  return entities;
}

/** A team is found by the names it had before a rebrand too. */
function matching(items: SearchEntity[], query: string): SearchEntity[] {
  const needle = query.toLowerCase();
  const hits = items.filter((item) => [item.name, ...(item.formerNames ?? [])].some((name) => name.toLowerCase().includes(needle)));
  // Names that start with the query read as better matches than those that merely contain it.
  const starts = (item: SearchEntity) => (item.name.toLowerCase().startsWith(needle) ? 0 : 1);
  return hits.sort((a, b) => starts(a) - starts(b)).slice(0, SEARCH_RESULTS);
}

const cache = new Map<string, SearchResults>();

export function searchKey(query: string): string {
  return query.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Who is searching: a signed-in fan's take results leave out those they have hidden, so each is cached apart. */
export type Searcher = { id: string; token: string | null } | null;

const cacheKey = (key: string, searcher: Searcher) => `${searcher?.id ?? ''}|${key}`;

export function cachedSearch(query: string, searcher: Searcher = null): SearchResults | undefined {
  return cache.get(cacheKey(searchKey(query), searcher));
}

/** Take search runs on the server; a failed part is logged and counts as no results. */
export async function search(query: string, signal?: AbortSignal, searcher: Searcher = null): Promise<SearchResults> {
  const key = searchKey(query);
  const hit = cache.get(cacheKey(key, searcher));
  if (hit) return hit;
  const [takes, lists] = await Promise.all([
    list(`/api/search/takes?q=${encodeURIComponent(key)}`, takeSchema, signal, searcher?.token).catch((error: unknown) => {
      if (signal?.aborted) throw error;
      console.error('Search: take search failed', error);
      return null;
    }),
    loadEntities(),
  ]);
  signal?.throwIfAborted();
  const results = {
    takes: (takes ?? []).slice(0, SEARCH_RESULTS),
    players: matching(lists.players, key),
    teams: matching(lists.teams, key),
  };
  // A failed take search is not remembered, so the same query can succeed later.
  if (takes) cache.set(cacheKey(key, searcher), results);
  return results;
}
