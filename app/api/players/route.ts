// GET /api/players — all players as [{ id, name }].
import { listPlayers } from '@/lib/data/discovery/entities';
import { json, route } from '@/lib/http';

export const GET = route(async () =>
  json(await listPlayers(), 200, { 'Cache-Control': 'public, max-age=300, stale-while-revalidate=3600' }),
);
