// DELETE /api/moderation/moderators/{id} — an administrator takes a fan's moderator role away (by the fan's user id). Administrators only; 404 for anyone else.
import { requireAdmin } from '@/lib/auth';
import { now } from '@/lib/clock';
import { removeModerator } from '@/lib/data/moderation/moderators';
import { json, parseParams, route } from '@/lib/http';
import { rateLimit } from '@/lib/rate-limit';
import { idParams } from '@/lib/validation/common';

export const DELETE = route(async (request, context) => {
  const admin = await requireAdmin(request);
  const { id } = await parseParams(context, idParams);
  await rateLimit('moderation', request, admin.uid);
  return json(await removeModerator(id, admin.uid, await now()));
});
