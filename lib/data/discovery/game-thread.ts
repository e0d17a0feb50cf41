import 'server-only';
import { FEED_PAGE_SIZE } from '@/lib/constants';
import { dbConnect } from '@/lib/db';
import { hiddenAuthorsFor, withoutHiddenTakes } from '@/lib/data/visibility/block-facts';
import { createdAtKey, nextCursorOf, olderThan } from '@/lib/data/shared/keyset';
import { LIST_TAGS, LIST_TTL } from '@/lib/data/shared/list-cache';
import { marksOnTakes } from '@/lib/data/reactions/marks';
import { cachedTakes, takeAtCursor } from '@/lib/data/takes/takes';
import { entityKey } from '@/lib/entities';
import type { Marks } from '@/lib/marks';
import type { Cursor } from '@/lib/validation/cursor';
import type { TakeDTO } from '@/lib/validation/takes';
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

/** The thread's first page as `reader` (a user id, or null for a visitor) sees it: without the fans hidden from them, with their marks. */
export async function gameThreadFirstPage(
  gameId: number,
  reader: string | null,
): Promise<{ takes: TakeDTO[]; marks: Marks | null; nextCursor: string | null }> {
  const page = await listGameTakes(gameId, { limit: FEED_PAGE_SIZE });
  const takes = withoutHiddenTakes(page.takes, await hiddenAuthorsFor(reader));
  return { takes, marks: reader ? await marksOnTakes(reader, takes) : null, nextCursor: page.nextCursor };
}
