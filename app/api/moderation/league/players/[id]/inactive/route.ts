// POST /api/moderation/league/players/{id}/inactive — retired, waived or unsigned from a day: he leaves his team. Admins only; 404 for anyone else.
import { markInactive } from '@/lib/data/league/players';
import { json, parseBody, parseParams, route } from '@/lib/http';
import { leagueAdmin } from '@/app/api/_lib/shared-routes';
import { inactivePlayerBody, playerIdParams } from '@/lib/validation/league';

export const POST = route(async (request, context) => {
  const admin = await leagueAdmin(request, { writes: true });
  const { id } = await parseParams(context, playerIdParams);
  return json(await markInactive(id, await parseBody(request, inactivePlayerBody), admin._id));
});
