// GET /api/teams — all teams as [{ id, name }], with the names a rebranded team had (`formerNames`).
import { listTeams } from '@/lib/data/discovery/entities';
import { conditionalJson, PUBLIC_POLL, route } from '@/lib/http';

// A rebrand shows within seconds: a CDN keeps the list briefly and the browser asks again (a 304 when unchanged).
export const GET = route(async (request) => conditionalJson(request, await listTeams(), PUBLIC_POLL));
