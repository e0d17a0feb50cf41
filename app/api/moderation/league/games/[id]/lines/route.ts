// GET /api/moderation/league/games/{id}/lines — a game's box score and the players to enter a line for. Admins only; 404 for anyone else.
import { listLines } from '@/lib/data/league/box-scores';
import { json, parseParams, route } from '@/lib/http';
import { leagueAdmin } from '@/app/api/_lib/shared-routes';
import { gameIdParams } from '@/lib/validation/league';

export const GET = route(async (request, context) => {
  await leagueAdmin(request, { writes: false });
  const { id } = await parseParams(context, gameIdParams);
  return json(await listLines(id));
});
