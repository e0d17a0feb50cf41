// GET /api/moderation/league/players/{id} — a player with his stints; PATCH — edit his name, position or jersey. Admins only; 404 for anyone else.
import { editPlayer, getAdminPlayer } from '@/lib/data/league/players';
import { json, parseBody, parseParams, route } from '@/lib/http';
import { leagueAdmin } from '@/app/api/_lib/shared-routes';
import { editPlayerBody, playerIdParams } from '@/lib/validation/league';

export const GET = route(async (request, context) => {
  await leagueAdmin(request, { writes: false });
  const { id } = await parseParams(context, playerIdParams);
  return json(await getAdminPlayer(id));
});

export const PATCH = route(async (request, context) => {
  const admin = await leagueAdmin(request, { writes: true });
  const { id } = await parseParams(context, playerIdParams);
  return json(await editPlayer(id, await parseBody(request, editPlayerBody), admin._id));
});
