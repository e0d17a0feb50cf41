// POST /api/comments/{id}/report — report a comment or reply (once per user; a repeat changes nothing; 5 distinct reporters hide it).
import { requireIdentity } from '@/lib/auth';
import { reportComment } from '@/lib/data/comment-moderation';
import { requireAppUser } from '@/lib/data/users';
import { rateLimit } from '@/lib/rate-limit';
import { json, parseBody, parseParams, route } from '@/lib/http';
import { idParams } from '@/lib/validation/common';
import { reportBody } from '@/lib/validation/takes';

export const POST = route(async (request, context) => {
  const { id } = await parseParams(context, idParams);
  const user = await requireAppUser(await requireIdentity(request));
  const { reason } = await parseBody(request, reportBody);
  await rateLimit('report', request, String(user._id));
  await reportComment(id, user._id, reason);
  return json({ message: 'Report submitted. Thank you!' }, 201);
});
