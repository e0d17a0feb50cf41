// GET /api/account/filters — the viewer's own muted words, players and teams and their spoiler shield; nobody else can read them.
import { requireIdentity } from '@/lib/auth';
import { fanFilters } from '@/lib/data/filters/filter-settings';
import { requireAppUser } from '@/lib/data/people/users';
import { json, route } from '@/lib/http';

export const GET = route(async (request) => {
  const user = await requireAppUser(await requireIdentity(request));
  return json(await fanFilters(user._id));
});
