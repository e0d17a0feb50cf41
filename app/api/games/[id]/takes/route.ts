// GET /api/games/{id}/takes?cursor — the game's thread, newest first, 10 a page, without what the caller has hidden.
import { getGame } from '@/lib/data/games/games';
import { listGameTakes } from '@/lib/data/discovery/game-thread';
import { hiddenForRequest, withoutHiddenTakes } from '@/lib/data/visibility/block-facts';
import { notFound } from '@/lib/errors';
import { json, parseParams, parseQuery, route } from '@/lib/http';
import { gameParams, gameTakesQuery } from '@/lib/validation/games';

export const GET = route(async (request, context) => {
  const { id } = await parseParams(context, gameParams);
  const { limit, cursor } = parseQuery(request, gameTakesQuery);
  if (!(await getGame(id))) throw notFound('Game not found.');
  // The cursor is the page's as read, so a page thinned by the filter still leads to the next.
  const [{ takes, nextCursor }, hidden] = await Promise.all([listGameTakes(id, { limit, cursor }), hiddenForRequest(request)]);
  return json({ takes: withoutHiddenTakes(takes, hidden), nextCursor });
});
