// PUT /api/account/blocks/{userId} — the caller blocks a fan. DELETE — undoes it. Both answer the caller's choices about that fan.
import { requireIdentity } from '@/lib/auth';
import { restrict, unrestrict } from '@/lib/data/blocks';
import { requireAppUser } from '@/lib/data/users';
import { json, parseParams, route } from '@/lib/http';
import { rateLimit } from '@/lib/rate-limit';
import { idParams } from '@/lib/validation/common';

export const PUT = route(async (request, context) => {
  const { id } = await parseParams(context, idParams);
  const user = await requireAppUser(await requireIdentity(request));
  await rateLimit('block', request, String(user._id));
  return json(await restrict(user._id, id, 'block'));
});

export const DELETE = route(async (request, context) => {
  const { id } = await parseParams(context, idParams);
  const user = await requireAppUser(await requireIdentity(request));
  await rateLimit('block', request, String(user._id));
  return json(await unrestrict(user._id, id, 'block'));
});
