// GET /api/moderation/league/games?from&to — the schedule over a range of days; POST — add a game. Admins only; 404 for anyone else.
import { addGame, listGames } from '@/lib/data/league/league-games';
import { json, parseBody, parseQuery, route } from '@/lib/http';
import { leagueAdmin } from '@/app/api/_lib/shared-routes';
import { addGameBody, gamesQuery } from '@/lib/validation/league';

export const GET = route(async (request) => {
  await leagueAdmin(request, { writes: false });
  return json(await listGames(parseQuery(request, gamesQuery)));
});

export const POST = route(async (request) => {
  const admin = await leagueAdmin(request, { writes: true });
  return json(await addGame(await parseBody(request, addGameBody), admin._id), 201);
});
