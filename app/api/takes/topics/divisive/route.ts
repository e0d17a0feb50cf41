// GET /api/takes/topics/divisive — teams whose own fans' like share differs most from everyone's this week.
import { divisiveTeams } from '@/lib/data/discovery/trending';
import { json, route } from '@/lib/http';

export const GET = route(async () => json(await divisiveTeams()));
