// PATCH /api/moderation/league/teams/{id} — edit or rebrand a team; its old name stays searchable. Admins only; 404 for anyone else.
import { editTeam } from '@/lib/data/league/teams';
import { json, parseBody, parseParams, route } from '@/lib/http';
import { leagueAdmin } from '@/app/api/_lib/shared-routes';
import { editTeamBody, teamIdParams } from '@/lib/validation/league';

export const PATCH = route(async (request, context) => {
  const admin = await leagueAdmin(request, { writes: true });
  const { id } = await parseParams(context, teamIdParams);
  return json(await editTeam(id, await parseBody(request, editTeamBody), admin._id));
});
