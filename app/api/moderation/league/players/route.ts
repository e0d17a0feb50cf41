// GET /api/moderation/league/players — find players by name, team or status; POST — add one (a signing, a rookie). Admins only; 404 for anyone else.
import { addPlayer, findPlayers } from '@/lib/data/league/players';
import { json, parseBody, parseQuery, route } from '@/lib/http';
import { leagueAdmin } from '@/app/api/_lib/shared-routes';
import { addPlayerBody, findPlayersQuery } from '@/lib/validation/league';

export const GET = route(async (request) => {
  await leagueAdmin(request, { writes: false });
  return json(await findPlayers(parseQuery(request, findPlayersQuery)));
});

export const POST = route(async (request) => {
  const admin = await leagueAdmin(request, { writes: true });
  return json(await addPlayer(await parseBody(request, addPlayerBody), admin._id), 201);
});
