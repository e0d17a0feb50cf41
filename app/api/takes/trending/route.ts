// GET /api/takes/trending?timeRange&sort — most liked or commented takes in a window.
import { trendingTakes } from '@/lib/data/trending';
import { json, parseQuery, route } from '@/lib/http';
import { trendingTakesQuery } from '@/lib/validation/takes';

export const GET = route(async (request) => {
  const { timeRange, sort } = parseQuery(request, trendingTakesQuery);
  return json(await trendingTakes(timeRange, sort));
});
