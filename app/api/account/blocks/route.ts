// GET /api/account/blocks — the fans the viewer has blocked and muted, newest first.
import { requireIdentity } from '@/lib/auth';
import { listRestrictions } from '@/lib/data/people/blocks';
import { requireAppUser } from '@/lib/data/people/users';
import { json, route } from '@/lib/http';

export const GET = route(async (request) => {
  const user = await requireAppUser(await requireIdentity(request));
  return json(await listRestrictions(user._id));
});
