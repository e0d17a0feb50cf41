// GET /api/user-action/{uid} — the viewer's own reactions, favorites and shares.
import { requireIdentity } from '@/lib/auth';
import { listUserActions } from '@/lib/data/reactions/user-actions';
import { requireAppUser } from '@/lib/data/people/users';
import { forbidden } from '@/lib/errors';
import { json, parseParams, route } from '@/lib/http';
import { uidParams } from '@/lib/validation/common';

export const GET = route(async (request, context) => {
  const { uid } = await parseParams(context, uidParams);
  const identity = await requireIdentity(request);
  if (identity.uid !== uid) throw forbidden('You can only read your own actions.');
  return json(await listUserActions((await requireAppUser(identity))._id));
});
