// GET /api/takes/trending?timeRange&sort — most liked or commented takes in a window.
import { hiddenForRequest, withoutHiddenTakes } from '@/lib/data/visibility/block-facts';
import { trendingTakes } from '@/lib/data/discovery/trending';
import { json, parseQuery, route } from '@/lib/http';
import { trendingTakesQuery } from '@/lib/validation/takes';

export const GET = route(async (request) => {
  const { timeRange, sort } = parseQuery(request, trendingTakesQuery);
  const [takes, hidden] = await Promise.all([trendingTakes(timeRange, sort), hiddenForRequest(request)]);
  return json(withoutHiddenTakes(takes, hidden));
});
