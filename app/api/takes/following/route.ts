// GET /api/takes/following?cursor — takes by the people the caller follows, newest first, with the next page's cursor.
import { requireIdentity } from '@/lib/auth';
import { hiddenAuthorsFor, withoutHiddenTakes } from '@/lib/data/visibility/block-facts';
import { listFollowingFeed } from '@/lib/data/discovery/following';
import { requireAppUser } from '@/lib/data/people/users';
import { json, parseQuery, route } from '@/lib/http';
import { followingQuery } from '@/lib/validation/following';

export const GET = route(async (request) => {
  const { limit, cursor } = parseQuery(request, followingQuery);
  const user = await requireAppUser(await requireIdentity(request));
  // The cursor is the page's as read, so a page thinned by the filter still leads to the next.
  const [{ takes, nextCursor }, hidden] = await Promise.all([
    listFollowingFeed(user._id, { limit, cursor }),
    hiddenAuthorsFor(String(user._id)),
  ]);
  return json({ takes: withoutHiddenTakes(takes, hidden), nextCursor });
});
