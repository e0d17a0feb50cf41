// GET /api/games/{id}/live — a game's status, score and thread's newest take, which an open game page polls (ETag, 304).
import { liveGame } from '@/lib/data/notifications/live';
import { conditionalJson, PUBLIC_POLL, parseParams, route } from '@/lib/http';
import { gameParams } from '@/lib/validation/games';

export const GET = route(async (request, context) => {
  const { id } = await parseParams(context, gameParams);
  return conditionalJson(request, await liveGame(id), PUBLIC_POLL);
});
