// GET /api/takes — the feed in a sort (sort, timeRange, limit, cursor; next page in X-Next-Cursor), without what the caller has hidden. POST — create a take.
import { requireIdentity } from '@/lib/auth';
import { hiddenForRequest, withoutHiddenTakes } from '@/lib/data/visibility/block-facts';
import { createTake, listFeed } from '@/lib/data/takes/takes';
import { requireAppUser } from '@/lib/data/people/users';
import { rateLimit } from '@/lib/rate-limit';
import { json, parseBody, parseQuery, route } from '@/lib/http';
import { createTakeBody, feedQuery } from '@/lib/validation/takes';

export const GET = route(async (request) => {
  const { sort, timeRange, limit, cursor } = parseQuery(request, feedQuery);
  const [{ takes, nextCursor }, hidden] = await Promise.all([listFeed({ sort, timeRange, limit, cursor }), hiddenForRequest(request)]);
  // The answer is the bare array (docs/product.md#api), so the next page's cursor travels in a header; it is the page's as read, before the filter.
  return json(withoutHiddenTakes(takes, hidden), 200, nextCursor ? { 'X-Next-Cursor': nextCursor } : undefined);
});

export const POST = route(async (request) => {
  const user = await requireAppUser(await requireIdentity(request));
  const input = await parseBody(request, createTakeBody);
  await rateLimit('take', request, String(user._id));
  return json(await createTake(user._id, input), 201);
});
