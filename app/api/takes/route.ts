// GET /api/takes — the feed in a sort (sort, timeRange, limit, cursor; next page in X-Next-Cursor), as the viewer's filters show it. POST — create a take.
import { requireIdentity } from '@/lib/auth';
import { feedFor } from '@/lib/data/discovery/reader-lists';
import { readerForRequest } from '@/lib/data/filters/reader';
import { createTake } from '@/lib/data/takes/takes';
import { requireAppUser } from '@/lib/data/people/users';
import { rateLimit } from '@/lib/rate-limit';
import { json, parseBody, parseQuery, route } from '@/lib/http';
import { createTakeBody, feedQuery } from '@/lib/validation/takes';

export const GET = route(async (request) => {
  const query = parseQuery(request, feedQuery);
  const { takes, nextCursor } = await feedFor(await readerForRequest(request), query);
  // The answer is the bare array (docs/product.md#api), so the next page's cursor travels in a header: right after the last take shown.
  return json(takes, 200, nextCursor ? { 'X-Next-Cursor': nextCursor } : undefined);
});

export const POST = route(async (request) => {
  const user = await requireAppUser(await requireIdentity(request));
  const input = await parseBody(request, createTakeBody);
  return json(await createTake(user._id, input, () => rateLimit('take', request, String(user._id))), 201);
});
