// GET /api/players — all players as [{ id, name }], those no longer active marked `inactive`.
import { listPlayers } from '@/lib/data/discovery/entities';
import { conditionalJson, PUBLIC_POLL, route } from '@/lib/http';

// A trade or a signing shows within seconds: a CDN keeps the list briefly and the browser asks again (a 304 when unchanged).
export const GET = route(async (request) => conditionalJson(request, await listPlayers(), PUBLIC_POLL));
