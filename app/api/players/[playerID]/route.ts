// GET /api/players/{playerID}?sort&timeRange&skip&limit — that player's takes, as the viewer's filters show them.
import { getPlayer } from '@/lib/data/discovery/entities';
import { entityTakesFor } from '@/lib/data/discovery/reader-lists';
import { readerForRequest } from '@/lib/data/filters/reader';
import { notFound } from '@/lib/errors';
import { json, parseParams, parseQuery, route } from '@/lib/http';
import { entityTakesQuery, playerParams } from '@/lib/validation/takes';

export const GET = route(async (request, context) => {
  const { playerID } = await parseParams(context, playerParams);
  const query = parseQuery(request, entityTakesQuery);
  if (!(await getPlayer(playerID))) throw notFound('Player not found.');
  return json(await entityTakesFor(await readerForRequest(request), 'player', playerID, query));
});
