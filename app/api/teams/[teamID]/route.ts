// GET /api/teams/{teamID}?sort&timeRange&skip&limit — that team's takes.
import { getTeam } from '@/lib/data/entities';
import { listEntityTakes } from '@/lib/data/takes';
import { notFound } from '@/lib/errors';
import { json, parseParams, parseQuery, route } from '@/lib/http';
import { entityTakesQuery, teamParams } from '@/lib/validation/takes';

export const GET = route(async (request, context) => {
  const { teamID } = await parseParams(context, teamParams);
  const query = parseQuery(request, entityTakesQuery);
  if (!(await getTeam(teamID))) throw notFound('Team not found.');
  return json(await listEntityTakes('team', teamID, query));
});
