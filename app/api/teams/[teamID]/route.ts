// GET /api/teams/{teamID}?sort&timeRange&skip&limit — that team's takes.
import { hiddenForRequest, withoutHiddenTakes } from '@/lib/data/visibility/block-facts';
import { getTeam } from '@/lib/data/discovery/entities';
import { listEntityTakes } from '@/lib/data/takes/takes';
import { notFound } from '@/lib/errors';
import { json, parseParams, parseQuery, route } from '@/lib/http';
import { entityTakesQuery, teamParams } from '@/lib/validation/takes';

export const GET = route(async (request, context) => {
  const { teamID } = await parseParams(context, teamParams);
  const query = parseQuery(request, entityTakesQuery);
  if (!(await getTeam(teamID))) throw notFound('Team not found.');
  const [{ takes }, hidden] = await Promise.all([listEntityTakes('team', teamID, query), hiddenForRequest(request)]);
  return json(withoutHiddenTakes(takes, hidden));
});
