// POST /api/users/{firebaseUID}/unfollow — the viewer unfollows the user named in the path.
import { requireIdentity } from '@/lib/auth';
import { requireAppUser, unfollowFan } from '@/lib/data/people/users';
import { rateLimit } from '@/lib/rate-limit';
import { json, parseParams, route } from '@/lib/http';
import { firebaseUid } from '@/lib/validation/common';
import { z } from 'zod';

const params = z.object({ id: firebaseUid });

export const POST = route(async (request, context) => {
  const { id } = await parseParams(context, params);
  const viewer = await requireAppUser(await requireIdentity(request));
  await rateLimit('follow', request, String(viewer._id));
  return json(await unfollowFan(viewer, id));
});
