// GET /api/calls/games?team&player — the games the composer offers a call on: a team's or a player's team's next, or the league's of the next day and a half.
import { now } from '@/lib/clock';
import { callGames } from '@/lib/data/calls/call-games';
import { json, parseQuery, route } from '@/lib/http';
import { callGamesQuery } from '@/lib/validation/calls';

export const GET = route(async (request) => json(await callGames(parseQuery(request, callGamesQuery), await now())));
