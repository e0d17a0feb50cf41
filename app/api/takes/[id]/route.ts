// GET /api/takes/{id} — one take. DELETE — the author removes it.
import { requireIdentity } from '@/lib/auth';
import { deleteTake, getTake } from '@/lib/data/takes';
import { requireAppUser } from '@/lib/data/users';
import { json, parseParams, route } from '@/lib/http';
import { idParams } from '@/lib/validation/common';

export const GET = route(async (_request, context) => {
  const { id } = await parseParams(context, idParams);
  return json(await getTake(id));
});

export const DELETE = route(async (request, context) => {
  const { id } = await parseParams(context, idParams);
  const user = await requireAppUser(await requireIdentity(request));
  await deleteTake(id, user._id);
  return json({ message: 'Post deleted.' });
});
