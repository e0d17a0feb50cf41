import 'server-only';
import { Types } from 'mongoose';
import { FEED_PAGE_SIZE } from '@/lib/constants';
import { feedFor, followingFor } from '@/lib/data/discovery/reader-lists';
import { suggestedUsers } from '@/lib/data/discovery/following-feed';
import { readerFor } from '@/lib/data/filters/reader';
import { marksOnTakes } from '@/lib/data/reactions/marks';
import type { Marks } from '@/lib/reactions/marks';
import type { FEED_TOP_RANGES, FeedSort } from '@/lib/discovery/sorts';
import type { SuggestedUser } from '@/lib/validation/following';
import { isWholeTake } from '@/lib/filters/listed';
import type { ListedTake } from '@/lib/validation/takes';

/** A feed's first page as one reader sees it: through their filters (lib/data/filters/), with their marks (none for a visitor). */
export type FeedFirstPage = { takes: ListedTake[]; marks: Marks | null; nextCursor: string | null };

/**
 * For you's first page in the order asked, for `reader` (a user id, or null for a visitor): the shared cached list,
 * then the reader's filters and marks over it, the page filled past what they leave out. Null when the feed could
 * not be read: the screen says so and offers Retry rather than failing the page.
 */
export async function forYouFirstPage(
  order: { sort: FeedSort; timeRange: (typeof FEED_TOP_RANGES)[number] },
  viewer: string | null,
): Promise<FeedFirstPage | null> {
  let page: Awaited<ReturnType<typeof feedFor>>;
  try {
    page = await feedFor(await readerFor(viewer), { ...order, limit: FEED_PAGE_SIZE });
  } catch (error) {
    console.error('Could not read the feed', error);
    return null;
  }
  return {
    takes: page.takes,
    marks: viewer ? await marksOnTakes(viewer, page.takes.filter(isWholeTake)) : null,
    nextCursor: page.nextCursor,
  };
}

/** The reader's Following tab, first page: their own list, not cached, with their marks and (when empty) whom to follow. */
export async function followingFirstPage(viewer: string): Promise<FeedFirstPage & { suggestions: SuggestedUser[] }> {
  const id = new Types.ObjectId(viewer);
  const page = await followingFor(await readerFor(viewer), id, { limit: FEED_PAGE_SIZE });
  const [marks, suggestions] = await Promise.all([
    marksOnTakes(viewer, page.takes.filter(isWholeTake)),
    page.takes.length === 0 ? suggestedUsers(id) : [],
  ]);
  return { takes: page.takes, marks, nextCursor: page.nextCursor, suggestions };
}
