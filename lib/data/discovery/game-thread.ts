import 'server-only';
import { FEED_PAGE_SIZE } from '@/lib/constants';
import { dbConnect } from '@/lib/db';
import type { Reader } from '@/lib/data/filters/reader';
import { fillTakes } from '@/lib/data/discovery/reader-lists';
import { createdAtKey, nextCursorOf, olderThan } from '@/lib/data/shared/keyset';
import { LIST_TAGS, LIST_TTL } from '@/lib/data/shared/list-cache';
import { marksOnTakes } from '@/lib/data/reactions/marks';
import { cachedRows, shownTakes, takeAtCursor, type ListedRows } from '@/lib/data/takes/takes';
import { entityKey } from '@/lib/league/entities';
import type { Marks } from '@/lib/reactions/marks';
import { cursorParam, encodeCursor, type Cursor } from '@/lib/validation/cursor';
import { isWholeTake } from '@/lib/filters/listed';
import type { ListedTake, TakeDTO } from '@/lib/validation/takes';
import { Take, type TakeRow } from '@/models';

/**
 * A game's thread (docs/product.md#game-day): the takes filed on the game, newest first, paged by (createdAt, _id)
 * like the feed, on the (entityKeys, createdAt, _id) index entity pages use. Read through the data cache under the
 * game's entity tag, which every take posted on the game, deleted, hidden or restored expires; a game night's
 * readers share one read per page per change, and every card's counts are read fresh by id (shownTakes).
 */
export async function listGameTakes(
  gameId: number,
  { limit, cursor }: { limit: number; cursor?: Cursor },
): Promise<{ takes: TakeDTO[]; nextCursor: string | null }> {
  const rows = await gameRows(gameId, { limit, cursor });
  return { takes: await shownTakes(rows), nextCursor: nextCursorOf(rows.listed, limit, createdAtKey) };
}

/** A page of the thread as listed (listGameTakes), not yet shown: what a reader's filters judge first. */
async function gameRows(gameId: number, { limit, cursor }: { limit: number; cursor?: Cursor }): Promise<ListedRows> {
  await dbConnect();
  const key = entityKey('game', gameId);
  return cachedRows(
    'game',
    [key, limit, cursor ?? null],
    [LIST_TAGS.entity(key)],
    LIST_TTL.hot,
    () =>
      Take.find({ entityKeys: key, ...olderThan(cursor) })
        .sort({ createdAt: -1, _id: -1 })
        .limit(limit)
        .lean<TakeRow[]>(),
    // As the feed's: a deeper page is kept at the site's page size, after a cursor the thread gave.
    cursor ? async () => limit === FEED_PAGE_SIZE && (await takeAtCursor('createdAt', cursor)) : undefined,
  );
}

/**
 * A page of the thread as `reader` sees it (docs/filters.md): each page read whole, the entry every reader shares,
 * then their filters (takes on a game they shield collapsed, their mutes, the fans hidden from them), the page filled
 * from the ones after it and its cursor right after the last take shown.
 */
export async function gameThreadFor(
  reader: Reader,
  gameId: number,
  { limit, cursor }: { limit: number; cursor?: Cursor },
): Promise<{ takes: ListedTake[]; nextCursor: string | null }> {
  if (!reader.active) return listGameTakes(gameId, { limit, cursor });
  const { takes, next } = await fillTakes(reader, limit, async (from) => {
    const page = await gameRows(gameId, { limit, cursor: from === undefined ? cursor : cursorParam.parse(from) });
    return {
      ...page,
      next: nextCursorOf(page.listed, limit, createdAtKey),
      cutAt: (take) => encodeCursor(take.createdAt.getTime(), String(take._id)),
    };
  });
  return { takes, nextCursor: next };
}

/** The thread's first page as `reader` sees it (gameThreadFor), with their marks on the takes it shows whole. */
export async function gameThreadFirstPage(
  gameId: number,
  reader: Reader,
): Promise<{ takes: ListedTake[]; marks: Marks | null; nextCursor: string | null }> {
  const page = await gameThreadFor(reader, gameId, { limit: FEED_PAGE_SIZE });
  return {
    takes: page.takes,
    marks: reader.viewer ? await marksOnTakes(reader.viewer, page.takes.filter(isWholeTake)) : null,
    nextCursor: page.nextCursor,
  };
}
