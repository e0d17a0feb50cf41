// GET /api/search/takes?q — the 5 most popular takes matching q (title, description or entity name).
import { searchTakes } from '@/lib/data/search';
import { json, parseQuery, route } from '@/lib/http';
import { searchQuery } from '@/lib/validation/takes';

export const GET = route(async (request) => {
  const { q } = parseQuery(request, searchQuery);
  return json(await searchTakes(q));
});
