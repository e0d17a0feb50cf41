// POST /api/user-action — like, dislike, favorite or share a take or comment as the viewer.
import { requireIdentity } from '@/lib/auth';
import { applyUserAction } from '@/lib/data/reactions/user-actions';
import { requireViewer } from '@/lib/data/people/users';
import { forbidden } from '@/lib/errors';
import { rateLimit } from '@/lib/rate-limit';
import { json, parseBody, route } from '@/lib/http';
import { userActionBody } from '@/lib/validation/user-actions';

export const POST = route(async (request) => {
  const identity = await requireIdentity(request);
  const user = await requireViewer(identity);
  const input = await parseBody(request, userActionBody);
  await rateLimit('reaction', request, String(user._id));
  if (input.userID && input.userID !== String(user._id) && input.userID !== identity.uid) {
    throw forbidden('You can only act as yourself.');
  }
  return json(await applyUserAction(user, input));
});
