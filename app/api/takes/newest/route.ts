// GET /api/takes/newest — the feed's newest take, which an open feed polls (ETag, 304, a few seconds on a CDN).
import { newestTake } from '@/lib/data/notifications/live';
import { conditionalJson, PUBLIC_POLL, route } from '@/lib/http';

export const GET = route(async (request) => conditionalJson(request, await newestTake(), PUBLIC_POLL));
