// GET /api/teams — all teams as [{ id, name }].
import { listTeams } from '@/lib/data/discovery/entities';
import { json, route } from '@/lib/http';

export const GET = route(async () => json(await listTeams(), 200, { 'Cache-Control': 'public, max-age=300, stale-while-revalidate=3600' }));
