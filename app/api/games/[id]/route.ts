// GET /api/games/{id} — one game: its teams, tip-off, status, score and how many takes its thread holds.
import { getGame } from '@/lib/data/games/games';
import { notFound } from '@/lib/errors';
import { json, parseParams, route } from '@/lib/http';
import { gameParams } from '@/lib/validation/games';

export const GET = route(async (_request, context) => {
  const { id } = await parseParams(context, gameParams);
  const game = await getGame(id);
  if (!game) throw notFound('Game not found.');
  return json(game);
});
