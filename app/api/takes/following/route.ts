// GET /api/takes/following?cursor — takes by the people the caller follows, newest first, with the next page's cursor.
import { requireIdentity } from '@/lib/auth';
import { listFollowingFeed } from '@/lib/data/following';
import { requireAppUser } from '@/lib/data/users';
import { json, parseQuery, route } from '@/lib/http';
import { followingQuery } from '@/lib/validation/following';

export const GET = route(async (request) => {
  const { limit, cursor } = parseQuery(request, followingQuery);
  const user = await requireAppUser(await requireIdentity(request));
  return json(await listFollowingFeed(user._id, { limit, cursor }));
});
