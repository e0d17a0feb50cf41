// GET /api/games/{id} — one game: its teams, tip-off, status, score and how many takes its thread holds.
// With a fan's token, without the score while their spoiler shield covers the game.
import { readerForRequest } from '@/lib/data/filters/reader';
import { shownGame } from '@/lib/data/filters/lists';
import { getGame } from '@/lib/data/games/games';
import { notFound } from '@/lib/errors';
import { json, parseParams, route } from '@/lib/http';
import { gameParams } from '@/lib/validation/games';

export const GET = route(async (request, context) => {
  const { id } = await parseParams(context, gameParams);
  const [game, reader] = await Promise.all([getGame(id), readerForRequest(request)]);
  if (!game) throw notFound('Game not found.');
  return json(shownGame(reader, game));
});
