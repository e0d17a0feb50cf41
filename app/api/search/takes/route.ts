// GET /api/search/takes?q — the 5 most popular takes matching q (title, description or entity name), as the viewer's filters show them.
import { optionalIdentity } from '@/lib/auth';
import { searchFor } from '@/lib/data/discovery/reader-lists';
import { readerForViewer } from '@/lib/data/filters/reader';
import { json, parseQuery, route } from '@/lib/http';
import { rateLimit } from '@/lib/rate-limit';
import { searchQuery } from '@/lib/validation/takes';

export const GET = route(async (request) => {
  const { q } = parseQuery(request, searchQuery);
  const identity = await optionalIdentity(request);
  await rateLimit('search', request, identity?.uid);
  return json(await searchFor(await readerForViewer(identity), q));
});
