// PATCH /api/moderation/league/games/{id} — move a game, or set its status and score (a final score). Admins only; 404 for anyone else.
import { editGame } from '@/lib/data/league/league-games';
import { json, parseBody, parseParams, route } from '@/lib/http';
import { leagueAdmin } from '@/app/api/_lib/shared-routes';
import { editGameBody, gameIdParams } from '@/lib/validation/league';

export const PATCH = route(async (request, context) => {
  const admin = await leagueAdmin(request, { writes: true });
  const { id } = await parseParams(context, gameIdParams);
  return json(await editGame(id, await parseBody(request, editGameBody), admin._id));
});
