// PUT /api/users/{userId}/flair — show or hide the viewer's team badge beside their name.
import { requireIdentity } from '@/lib/auth';
import { requireAppUser, setShowFlair } from '@/lib/data/people/users';
import { forbidden } from '@/lib/errors';
import { rateLimit } from '@/lib/rate-limit';
import { json, parseBody, parseParams, route } from '@/lib/http';
import { idParams } from '@/lib/validation/common';
import { flairBody } from '@/lib/validation/users';

export const PUT = route(async (request, context) => {
  const { id } = await parseParams(context, idParams);
  const user = await requireAppUser(await requireIdentity(request));
  if (String(user._id) !== id) throw forbidden('You can only change your own badge.');
  const { show } = await parseBody(request, flairBody);
  // The same window as the team itself: both expire every cached list, so neither may be flipped without end.
  await rateLimit('favoriteTeam', request, String(user._id));
  return json(await setShowFlair(user._id, show));
});
