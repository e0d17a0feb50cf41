import 'server-only';
import type { Types } from 'mongoose';
import { SEARCH_RESULTS, type TimeRange } from '@/lib/constants';
import { FILTER_FEED_PAGES } from '@/lib/filters/constants';
import { TRENDING_TAKES } from '@/lib/discovery/constants';
import { listFollowingFeed } from '@/lib/data/discovery/following-feed';
import { searchTakes } from '@/lib/data/discovery/search';
import { trendingTakes } from '@/lib/data/discovery/trending';
import { fillPage, fillTop, listedTake, listedTakes, shownAs } from '@/lib/data/filters/lists';
import type { Reader } from '@/lib/data/filters/reader';
import type { LeanUser } from '@/lib/data/shared/mappers';
import { feedRows, listEntityTakes, listFeed, shownTakes, type EntitySort, type FeedQuery, type ListedRows } from '@/lib/data/takes/takes';
import type { EntityType } from '@/lib/league/entities';
import { cursorParam, encodeCursor, type Cursor } from '@/lib/validation/cursor';
import type { ListedTake } from '@/lib/validation/takes';
import type { Judgement } from '@/lib/filters/fan-filters';
import type { TakeRow } from '@/models';

/**
 * The lists of takes as one reader sees them, for their pages and the API alike: the shared lists, then the
 * reader's step (lib/data/filters/). A visitor, or a fan whose filters hold nothing, reads exactly the shared list.
 */

const parse = (cursor: string | undefined): Cursor | undefined => cursorParam.parse(cursor);

/**
 * A page of a keyset list of takes for the reader (fillPage): the rows each read gives are judged as they were
 * listed, so counts are read and cards made only for the takes shown, however many rows the fill read past.
 */
export async function fillTakes(
  reader: Reader,
  limit: number,
  read: (cursor: string | undefined) => Promise<ListedRows & { next: string | null; cutAt: (take: TakeRow) => string }>,
): Promise<{ takes: ListedTake[]; next: string | null }> {
  const authors = new Map<string, LeanUser>();
  // Counts are read again unless every row was read just now.
  let fresh = true;
  const { items, next } = await fillPage<TakeRow, [TakeRow, Exclude<Judgement, 'hide'>], string>(
    limit,
    undefined,
    async (cursor) => {
      const page = await read(cursor);
      for (const [id, author] of page.authors) authors.set(id, author);
      fresh &&= page.fresh;
      return { items: page.listed, next: page.next, cutAt: page.cutAt };
    },
    (take) => {
      const judgement = reader.take(take);
      return judgement === 'hide' ? null : [take, judgement];
    },
  );
  const judgements = new Map(items.map(([take, judgement]) => [String(take._id), judgement]));
  const shown = await shownTakes({ listed: items.map(([take]) => take), authors, fresh });
  return { takes: shown.map((take) => shownAs(take, judgements.get(take._id) ?? 'show')), next };
}

/** The home feed in its sort, a page filled past what the reader's filters leave out; the next page's cursor. */
export async function feedFor(reader: Reader, query: FeedQuery): Promise<{ takes: ListedTake[]; nextCursor: string | null }> {
  if (!reader.active) return listFeed(query);
  const { takes, next } = await fillTakes(reader, query.limit, async (cursor) => {
    // Whole reads of FILTER_FEED_PAGES pages, cut after the last take shown: entries every filtering reader shares.
    const page = await feedRows({
      ...query,
      limit: query.limit * FILTER_FEED_PAGES,
      cursor: cursor === undefined ? query.cursor : parse(cursor),
    });
    return { ...page, next: page.nextCursor, cutAt: page.cursorAfter };
  });
  return { takes, nextCursor: next };
}

/** The reader's Following tab: takes by the fans they follow, newest first, filled past what their filters leave out. */
export async function followingFor(
  reader: Reader,
  viewer: Types.ObjectId,
  { limit, cursor }: { limit: number; cursor?: Cursor },
): Promise<{ takes: ListedTake[]; nextCursor: string | null }> {
  if (!reader.active) return listFollowingFeed(viewer, { limit, cursor });
  const { items, next } = await fillPage(
    limit,
    cursor,
    async (from, n) => {
      const page = await listFollowingFeed(viewer, { limit: n, cursor: from });
      return { items: page.takes, next: page.nextCursor === null ? null : (parse(page.nextCursor) ?? null) };
    },
    (take) => listedTake(reader, take),
  );
  return { takes: items, nextCursor: next && encodeCursor(next.value, next.id) };
}

/** Trending takes for the reader: the screen's 10, read further down the same order when their filters leave some out. */
export async function trendingFor(reader: Reader, timeRange: TimeRange, sort: 'likes' | 'comments'): Promise<ListedTake[]> {
  if (!reader.active) return trendingTakes(timeRange, sort);
  const { items } = await fillTop(
    TRENDING_TAKES,
    false,
    async (limit) => {
      const takes = await trendingTakes(timeRange, sort, limit);
      return { items: takes, full: takes.length === limit };
    },
    (take) => listedTake(reader, take),
  );
  return items;
}

/** A search's 5 takes for the reader, read further down the same order when their filters leave some out. */
export async function searchFor(reader: Reader, query: string): Promise<ListedTake[]> {
  if (!reader.active) return searchTakes(query);
  const { items } = await fillTop(
    SEARCH_RESULTS,
    false,
    async (limit) => {
      const takes = await searchTakes(query, limit);
      return { items: takes, full: takes.length === limit };
    },
    (take) => listedTake(reader, take),
  );
  return items;
}

/**
 * A player's, team's or topic's takes by skip and limit, as the API pages them. The reader's filters apply to the
 * page as read and do not fill it: a client counts its next skip from the limit it asked for, and filling would
 * move that position.
 */
export async function entityTakesFor(
  reader: Reader,
  type: EntityType,
  id: number | string,
  query: { sort: EntitySort; timeRange: TimeRange; skip: number; limit: number },
): Promise<ListedTake[]> {
  const { takes } = await listEntityTakes(type, id, query);
  return listedTakes(reader, takes);
}
