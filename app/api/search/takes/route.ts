// GET /api/search/takes?q — the 5 most popular takes matching q (title, description or entity name).
import { optionalIdentity } from '@/lib/auth';
import { hiddenForCaller, withoutHiddenTakes } from '@/lib/data/visibility/block-facts';
import { searchTakes } from '@/lib/data/discovery/search';
import { json, parseQuery, route } from '@/lib/http';
import { rateLimit } from '@/lib/rate-limit';
import { searchQuery } from '@/lib/validation/takes';

export const GET = route(async (request) => {
  const { q } = parseQuery(request, searchQuery);
  const identity = await optionalIdentity(request);
  await rateLimit('search', request, identity?.uid);
  const [takes, hidden] = await Promise.all([searchTakes(q), hiddenForCaller(identity)]);
  return json(withoutHiddenTakes(takes, hidden));
});
