// GET /api/special-topics — all special topics as [{ id, name }].
import { listTopics } from '@/lib/data/discovery/entities';
import { json, route } from '@/lib/http';

export const GET = route(async () =>
  json(await listTopics(), 200, { 'Cache-Control': 'public, max-age=300, stale-while-revalidate=3600' }),
);
