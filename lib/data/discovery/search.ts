import 'server-only';
import { SEARCH_RESULTS } from '@/lib/constants';
import { dbConnect } from '@/lib/db';
import { LIST_TAGS, LIST_TTL } from '@/lib/data/shared/list-cache';
import { cachedTakes, type TakeDTO } from '@/lib/data/takes/takes';
import { queryKeys } from '@/lib/discovery/search-keys';
import { Take, type TakeRow } from '@/models';

/**
 * How many of the most popular takes holding a query's first (longest) word
 * are checked for its other words. It bounds what a search of several words
 * reads, however many takes exist; a take that matches every word but is not
 * among these is not found (a more specific first word finds it).
 */
const SEARCH_CANDIDATES = 200;

/**
 * The SEARCH_RESULTS most popular takes holding a prefix key for every word of
 * the query (lib/discovery/search-keys.ts): a word of the title or description, of the
 * focus's name or of the author's username. One index (searchKeys, popularity)
 * serves it on MongoDB: equality on the first word's key, walked most popular
 * first, so one word reads as many takes as it keeps and several read at most
 * SEARCH_CANDIDATES. Answers come through the data cache per query (docs/product.md#limits),
 * expired with the feed by every take posted, deleted, hidden or restored; the
 * cards' counts are read fresh. A query that finds nothing is not kept: its words
 * are whatever a client typed, and each would be an entry.
 */
export async function searchTakes(rawQuery: string, results = SEARCH_RESULTS): Promise<TakeDTO[]> {
  const [first, ...rest] = queryKeys(rawQuery);
  if (!first) return [];
  await dbConnect();
  // More than 5 results only for a reader whose filters left some out (fillTop's few longer reads, a bounded set of
  // sizes): the 5 keep the key every reader shares.
  const key = results === SEARCH_RESULTS ? [first, ...rest] : [results, first, ...rest];
  const { takes } = await cachedTakes(
    'search',
    key,
    [LIST_TAGS.feed],
    LIST_TTL.hot,
    () =>
      Take.aggregate<TakeRow>([
        { $match: { searchKeys: first } },
        { $sort: { popularity: -1, _id: -1 } },
        { $limit: rest.length ? Math.max(SEARCH_CANDIDATES, results) : results },
        ...(rest.length ? [{ $match: { searchKeys: { $all: rest } } }, { $limit: results }] : []),
        { $project: { searchKeys: 0 } },
      ]),
    (found) => found.length > 0,
  );
  return takes;
}
