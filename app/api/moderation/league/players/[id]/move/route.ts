// POST /api/moderation/league/players/{id}/move — a trade, or a signing of a player with no team, from a day. Admins only; 404 for anyone else.
import { movePlayer } from '@/lib/data/league/players';
import { json, parseBody, parseParams, route } from '@/lib/http';
import { leagueAdmin } from '@/app/api/_lib/shared-routes';
import { movePlayerBody, playerIdParams } from '@/lib/validation/league';

export const POST = route(async (request, context) => {
  const admin = await leagueAdmin(request, { writes: true });
  const { id } = await parseParams(context, playerIdParams);
  return json(await movePlayer(id, await parseBody(request, movePlayerBody), admin._id));
});
