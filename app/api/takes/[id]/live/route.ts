// GET /api/takes/{id}/live — a take's counts and comment total, which an open take polls (ETag, 304, a few seconds on a CDN).
import { liveTake } from '@/lib/data/notifications/live';
import { conditionalJson, PUBLIC_POLL, parseParams, route } from '@/lib/http';
import { idParams } from '@/lib/validation/common';

export const GET = route(async (request, context) => {
  const { id } = await parseParams(context, idParams);
  return conditionalJson(request, await liveTake(id), PUBLIC_POLL);
});
