// PUT /api/moderation/league/games/{id}/lines/{player} — enter or correct one player's line of a box score (settling the game's player calls). Admins only; 404 for anyone else.
import { putLine } from '@/lib/data/league/box-scores';
import { json, parseBody, parseParams, route } from '@/lib/http';
import { leagueAdmin } from '@/app/api/_lib/shared-routes';
import { lineBody, lineParams } from '@/lib/validation/league';

export const PUT = route(async (request, context) => {
  const admin = await leagueAdmin(request, { writes: true });
  const { id, player } = await parseParams(context, lineParams);
  return json(await putLine(id, player, await parseBody(request, lineBody), admin._id));
});
