// GET /api/takes/following?cursor — takes by the people the viewer follows, newest first, as their filters show them, with the next page's cursor.
import { requireIdentity } from '@/lib/auth';
import { followingFor } from '@/lib/data/discovery/reader-lists';
import { readerFor } from '@/lib/data/filters/reader';
import { requireAppUser } from '@/lib/data/people/users';
import { json, parseQuery, route } from '@/lib/http';
import { followingQuery } from '@/lib/validation/following';

export const GET = route(async (request) => {
  const { limit, cursor } = parseQuery(request, followingQuery);
  const user = await requireAppUser(await requireIdentity(request));
  return json(await followingFor(await readerFor(String(user._id)), user._id, { limit, cursor }));
});
