import 'server-only';
import { Types } from 'mongoose';
import { FEED_PAGE_SIZE } from '@/lib/constants';
import { hiddenAuthorsFor, withoutHiddenTakes } from '@/lib/data/visibility/block-facts';
import { listFollowingFeed, suggestedUsers } from '@/lib/data/discovery/following';
import { marksOnTakes } from '@/lib/data/reactions/marks';
import { listFeed } from '@/lib/data/takes/takes';
import type { Marks } from '@/lib/marks';
import type { FEED_TOP_RANGES, FeedSort } from '@/lib/sorts';
import type { SuggestedUser } from '@/lib/validation/following';
import type { TakeDTO } from '@/lib/validation/takes';

/** A feed's first page as one reader sees it: without the fans hidden from them, with their marks (none for a visitor). */
export type FeedFirstPage = { takes: TakeDTO[]; marks: Marks | null; nextCursor: string | null };

/**
 * For you's first page in the order asked, for `reader` (a user id, or null for a visitor): the shared cached list,
 * then the reader's hidden fans and marks over it. Null when the feed could not be read: the screen says so and
 * offers Retry rather than failing the page.
 */
export async function forYouFirstPage(
  order: { sort: FeedSort; timeRange: (typeof FEED_TOP_RANGES)[number] },
  reader: string | null,
): Promise<FeedFirstPage | null> {
  let page: Awaited<ReturnType<typeof listFeed>>;
  try {
    page = await listFeed({ ...order, limit: FEED_PAGE_SIZE });
  } catch (error) {
    console.error('Could not read the feed', error);
    return null;
  }
  const takes = withoutHiddenTakes(page.takes, await hiddenAuthorsFor(reader));
  return { takes, marks: reader ? await marksOnTakes(reader, takes) : null, nextCursor: page.nextCursor };
}

/** The reader's Following tab, first page: their own list, not cached, with their marks and (when empty) whom to follow. */
export async function followingFirstPage(reader: string): Promise<FeedFirstPage & { suggestions: SuggestedUser[] }> {
  const id = new Types.ObjectId(reader);
  const page = await listFollowingFeed(id, { limit: FEED_PAGE_SIZE });
  const takes = withoutHiddenTakes(page.takes, await hiddenAuthorsFor(reader));
  const [marks, suggestions] = await Promise.all([marksOnTakes(reader, takes), takes.length === 0 ? suggestedUsers(id) : []]);
  return { takes, marks, nextCursor: page.nextCursor, suggestions };
}
