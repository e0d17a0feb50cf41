// GET /api/takes/topics/trending?type&timeRange — top players and teams by engagement.
import { trendingTopics } from '@/lib/data/discovery/trending';
import { json, parseQuery, route } from '@/lib/http';
import { trendingTopicsQuery } from '@/lib/validation/takes';

export const GET = route(async (request) => {
  const { type, timeRange } = parseQuery(request, trendingTopicsQuery);
  return json(await trendingTopics(type, timeRange));
});
