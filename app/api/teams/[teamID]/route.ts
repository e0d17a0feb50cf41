// GET /api/teams/{teamID}?sort&timeRange&skip&limit — that team's takes, as the viewer's filters show them.
import { getTeam } from '@/lib/data/discovery/entities';
import { entityTakesFor } from '@/lib/data/discovery/reader-lists';
import { readerForRequest } from '@/lib/data/filters/reader';
import { notFound } from '@/lib/errors';
import { json, parseParams, parseQuery, route } from '@/lib/http';
import { entityTakesQuery, teamParams } from '@/lib/validation/takes';

export const GET = route(async (request, context) => {
  const { teamID } = await parseParams(context, teamParams);
  const query = parseQuery(request, entityTakesQuery);
  if (!(await getTeam(teamID))) throw notFound('Team not found.');
  return json(await entityTakesFor(await readerForRequest(request), 'team', teamID, query));
});
