// POST /api/moderation/comments/{id} — dismiss its reports, hide, restore or delete a comment. Admins only; 404 for anyone else.
import { requireAdmin } from '@/lib/auth';
import { moderateComment } from '@/lib/data/comment-moderation';
import { requireAppUser } from '@/lib/data/users';
import { rateLimit } from '@/lib/rate-limit';
import { json, parseBody, parseParams, route } from '@/lib/http';
import { idParams } from '@/lib/validation/common';
import { moderationActionBody } from '@/lib/validation/moderation';

export const POST = route(async (request, context) => {
  const admin = await requireAppUser(await requireAdmin(request));
  const { id } = await parseParams(context, idParams);
  const { action } = await parseBody(request, moderationActionBody);
  await rateLimit('moderation', request, String(admin._id));
  return json(await moderateComment(id, action, admin._id));
});
