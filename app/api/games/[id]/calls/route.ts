// GET /api/games/{id}/calls — the game's Settled tonight: its settled calls, hits first, as the viewer's filters show them.
import { settledTonight } from '@/lib/data/calls/settled-tonight';
import { shieldOver } from '@/lib/data/filters/lists';
import { readerForRequest } from '@/lib/data/filters/reader';
import { getGame } from '@/lib/data/games/games';
import { notFound } from '@/lib/errors';
import { json, parseParams, route } from '@/lib/http';
import { gameParams } from '@/lib/validation/games';

export const GET = route(async (request, context) => {
  const { id } = await parseParams(context, gameParams);
  if (!(await getGame(id))) throw notFound('Game not found.');
  const reader = await readerForRequest(request);
  return json(await settledTonight(id, { shielded: Boolean(shieldOver(reader, id)), hiddenAuthors: reader.filters.hiddenAuthors }));
});
