// GET /api/special-topics — all special topics as [{ id, name }], closed ones marked `closed`.
import { listTopics } from '@/lib/data/discovery/entities';
import { conditionalJson, PUBLIC_POLL, route } from '@/lib/http';

// A topic opened or closed shows within seconds: a CDN keeps the list briefly and the browser asks again (a 304 when unchanged).
export const GET = route(async (request) => conditionalJson(request, await listTopics(), PUBLIC_POLL));
