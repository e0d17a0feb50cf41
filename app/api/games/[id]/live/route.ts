// GET /api/games/{id}/live — a game's status, score and thread's newest take, which an open game page polls (ETag, 304).
// With a fan's token, as the fan's spoiler shield shows it (no score while it covers the game), and kept by no shared cache.
import { liveGame } from '@/lib/data/notifications/live';
import { readerForRequest } from '@/lib/data/filters/reader';
import { shownLive } from '@/lib/data/filters/lists';
import { conditionalJson, PUBLIC_POLL, parseParams, route } from '@/lib/http';
import { gameParams } from '@/lib/validation/games';

export const GET = route(async (request, context) => {
  const { id } = await parseParams(context, gameParams);
  const live = await liveGame(id);
  // A poll that names its fan is answered for that fan alone: never with the shared answer, never kept for another.
  if (!request.headers.has('authorization')) return conditionalJson(request, live, PUBLIC_POLL);
  return conditionalJson(request, shownLive(await readerForRequest(request), id, live), 'private, no-cache');
});
