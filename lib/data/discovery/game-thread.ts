import 'server-only';
import { FEED_PAGE_SIZE } from '@/lib/constants';
import { dbConnect } from '@/lib/db';
import { fillPage, listedTake } from '@/lib/data/filters/lists';
import type { Reader } from '@/lib/data/filters/reader';
import { createdAtKey, nextCursorOf, olderThan } from '@/lib/data/shared/keyset';
import { LIST_TAGS, LIST_TTL } from '@/lib/data/shared/list-cache';
import { marksOnTakes } from '@/lib/data/reactions/marks';
import { cachedTakes, takeAtCursor } from '@/lib/data/takes/takes';
import { entityKey } from '@/lib/entities';
import type { Marks } from '@/lib/marks';
import { cursorParam, encodeCursor, type Cursor } from '@/lib/validation/cursor';
import { isWholeTake } from '@/lib/listed';
import type { ListedTake, TakeDTO } from '@/lib/validation/takes';
import { Take, type TakeRow } from '@/models';

/**
 * A game's thread (docs/product.md#game-day): the takes filed on the game, newest first, paged by (createdAt, _id)
 * like the feed, on the (entityKeys, createdAt, _id) index entity pages use. Read through the data cache under the
 * game's entity tag, which every take posted on the game, deleted, hidden or restored expires; a game night's
 * readers share one read per page per change, and every card's counts are read fresh by id (cachedTakes).
 */
export async function listGameTakes(
  gameId: number,
  { limit, cursor }: { limit: number; cursor?: Cursor },
): Promise<{ takes: TakeDTO[]; nextCursor: string | null }> {
  await dbConnect();
  const key = entityKey('game', gameId);
  const { takes, listed } = await cachedTakes(
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
  return { takes, nextCursor: nextCursorOf(listed, limit, createdAtKey) };
}

/**
 * A page of the thread as `reader` sees it (docs/filters.md): each page read whole, the entry every reader shares,
 * then their filters (takes on a game they shield folded, their mutes, the fans hidden from them), the page filled
 * from the ones after it and its cursor right after the last take shown.
 */
export async function gameThreadFor(
  reader: Reader,
  gameId: number,
  { limit, cursor }: { limit: number; cursor?: Cursor },
): Promise<{ takes: ListedTake[]; nextCursor: string | null }> {
  if (!reader.active) return listGameTakes(gameId, { limit, cursor });
  const { items, next } = await fillPage<TakeDTO, ListedTake, string>(
    limit,
    undefined,
    async (from) => {
      const page = await listGameTakes(gameId, { limit, cursor: from === undefined ? cursor : cursorParam.parse(from) });
      return { items: page.takes, next: page.nextCursor, cutAt: (take) => encodeCursor(Date.parse(take.createdAt), take._id) };
    },
    (take) => listedTake(reader, take),
  );
  return { takes: items, nextCursor: next };
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
