// GET /api/search/takes?q — the 5 most popular takes matching q (title, description or entity name).
import { hiddenForRequest, withoutHiddenTakes } from '@/lib/data/block-facts';
import { searchTakes } from '@/lib/data/search';
import { json, parseQuery, route } from '@/lib/http';
import { searchQuery } from '@/lib/validation/takes';

export const GET = route(async (request) => {
  const { q } = parseQuery(request, searchQuery);
  const [takes, hidden] = await Promise.all([searchTakes(q), hiddenForRequest(request)]);
  return json(withoutHiddenTakes(takes, hidden));
});
