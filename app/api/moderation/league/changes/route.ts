// GET /api/moderation/league/changes?cursor — the league's audit log, newest first: who changed what, before and after. Admins only; 404 for anyone else.
import { listChanges } from '@/lib/data/league/league-log';
import { json, parseQuery, route } from '@/lib/http';
import { leagueAdmin } from '@/app/api/_lib/shared-routes';
import { changesQuery } from '@/lib/validation/league';

export const GET = route(async (request) => {
  await leagueAdmin(request, { writes: false });
  return json(await listChanges(parseQuery(request, changesQuery).cursor));
});
