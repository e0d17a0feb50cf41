// GET /api/users/users/{uid} — the viewer's session user data, and whether they are an administrator and a moderator.
import { requireIdentity } from '@/lib/auth';
import { rolesOf } from '@/lib/data/shared/roles';
import { getSessionUser } from '@/lib/data/people/users';
import { forbidden } from '@/lib/errors';
import { json, parseParams, route } from '@/lib/http';
import { uidParams } from '@/lib/validation/common';

export const GET = route(async (request, context) => {
  const { uid } = await parseParams(context, uidParams);
  const identity = await requireIdentity(request);
  if (identity.uid !== uid) throw forbidden('You can only read your own account.');
  return json({ ...(await getSessionUser(uid)), ...(await rolesOf(identity)) });
});
