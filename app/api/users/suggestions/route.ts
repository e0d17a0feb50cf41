// GET /api/users/suggestions — the most-followed users the caller does not follow yet.
import { requireIdentity } from '@/lib/auth';
import { suggestedUsers } from '@/lib/data/following';
import { requireAppUser } from '@/lib/data/users';
import { json, route } from '@/lib/http';

export const GET = route(async (request) => {
  const user = await requireAppUser(await requireIdentity(request));
  return json(await suggestedUsers(user._id));
});
