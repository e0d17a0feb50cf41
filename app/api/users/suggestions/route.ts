// GET /api/users/suggestions — the most-followed users the viewer does not follow yet.
import { requireIdentity } from '@/lib/auth';
import { hiddenAuthorsFor } from '@/lib/data/visibility/block-facts';
import { suggestedUsers } from '@/lib/data/discovery/following-feed';
import { requireAppUser } from '@/lib/data/people/users';
import { json, route } from '@/lib/http';

export const GET = route(async (request) => {
  const user = await requireAppUser(await requireIdentity(request));
  const [users, hidden] = await Promise.all([suggestedUsers(user._id), hiddenAuthorsFor(String(user._id))]);
  return json(users.filter((u) => !hidden.has(u._id)));
});
