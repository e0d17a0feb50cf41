// GET /api/moderation/league/teams — every team with its former names. Admins only; 404 for anyone else.
import { listAdminTeams } from '@/lib/data/league/teams';
import { json, route } from '@/lib/http';
import { leagueAdmin } from '@/app/api/_lib/shared-routes';

export const GET = route(async (request) => {
  await leagueAdmin(request, { writes: false });
  return json(await listAdminTeams());
});
