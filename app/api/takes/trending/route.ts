// GET /api/takes/trending?timeRange&sort — most liked or commented takes in a window, as the viewer's filters show them.
import { trendingFor } from '@/lib/data/discovery/reader-lists';
import { readerForRequest } from '@/lib/data/filters/reader';
import { json, parseQuery, route } from '@/lib/http';
import { trendingTakesQuery } from '@/lib/validation/takes';

export const GET = route(async (request) => {
  const { timeRange, sort } = parseQuery(request, trendingTakesQuery);
  return json(await trendingFor(await readerForRequest(request), timeRange, sort));
});
