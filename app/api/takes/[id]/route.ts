// GET /api/takes/{id} — one take (a hidden one only for its author and admins). DELETE — the author removes it.
import { optionalIdentity, requireIdentity } from '@/lib/auth';
import { getTakeForViewer } from '@/lib/data/moderation';
import { deleteTake } from '@/lib/data/takes';
import { requireAppUser } from '@/lib/data/users';
import { json, parseParams, route } from '@/lib/http';
import { idParams } from '@/lib/validation/common';

export const GET = route(async (request, context) => {
  const { id } = await parseParams(context, idParams);
  return json(await getTakeForViewer(id, await optionalIdentity(request)));
});

export const DELETE = route(async (request, context) => {
  const { id } = await parseParams(context, idParams);
  const user = await requireAppUser(await requireIdentity(request));
  await deleteTake(id, user._id);
  return json({ message: 'Post deleted.' });
});
