// GET /api/games/{id}/takes?cursor — the game's thread, newest first, 10 a page, as the viewer's filters show it.
import { getGame } from '@/lib/data/games/games';
import { gameThreadFor } from '@/lib/data/discovery/game-thread';
import { readerForRequest } from '@/lib/data/filters/reader';
import { notFound } from '@/lib/errors';
import { json, parseParams, parseQuery, route } from '@/lib/http';
import { gameParams, gameTakesQuery } from '@/lib/validation/games';

export const GET = route(async (request, context) => {
  const { id } = await parseParams(context, gameParams);
  const { limit, cursor } = parseQuery(request, gameTakesQuery);
  if (!(await getGame(id))) throw notFound('Game not found.');
  // The cursor follows the last take listed (gameThreadFor), so a page thinned by the filter still leads to the next.
  return json(await gameThreadFor(await readerForRequest(request), id, { limit, cursor }));
});
