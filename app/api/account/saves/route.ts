// GET /api/account/saves?cursor — the viewer's Saved list, most recently saved first, 10 a page. Nobody else's.
import { requireIdentity } from '@/lib/auth';
import { listSavedTakes } from '@/lib/data/discovery/saved-takes';
import { readerFor } from '@/lib/data/filters/reader';
import { requireAppUser } from '@/lib/data/people/users';
import { json, parseQuery, route } from '@/lib/http';
import { savesQuery } from '@/lib/validation/calls';

export const GET = route(async (request) => {
  const user = await requireAppUser(await requireIdentity(request));
  const { cursor } = parseQuery(request, savesQuery);
  return json(await listSavedTakes(await readerFor(String(user._id)), user._id, cursor));
});
