// GET /api/players/{playerID}?sort&timeRange&skip&limit — that player's takes.
import { hiddenForRequest, withoutHiddenTakes } from '@/lib/data/visibility/block-facts';
import { getPlayer } from '@/lib/data/discovery/entities';
import { listEntityTakes } from '@/lib/data/takes/takes';
import { notFound } from '@/lib/errors';
import { json, parseParams, parseQuery, route } from '@/lib/http';
import { entityTakesQuery, playerParams } from '@/lib/validation/takes';

export const GET = route(async (request, context) => {
  const { playerID } = await parseParams(context, playerParams);
  const query = parseQuery(request, entityTakesQuery);
  if (!(await getPlayer(playerID))) throw notFound('Player not found.');
  const [{ takes }, hidden] = await Promise.all([listEntityTakes('player', playerID, query), hiddenForRequest(request)]);
  return json(withoutHiddenTakes(takes, hidden));
});
