// PUT /api/users/{userId}/favorite-team — set or clear the viewer's favorite team.
import { requireIdentity } from '@/lib/auth';
import { requireAppUser, setFavoriteTeam } from '@/lib/data/people/users';
import { forbidden } from '@/lib/errors';
import { rateLimit } from '@/lib/rate-limit';
import { json, parseBody, parseParams, route } from '@/lib/http';
import { idParams } from '@/lib/validation/common';
import { favoriteTeamBody } from '@/lib/validation/users';

export const PUT = route(async (request, context) => {
  const { id } = await parseParams(context, idParams);
  const user = await requireAppUser(await requireIdentity(request));
  if (String(user._id) !== id) throw forbidden('You can only change your own favorite team.');
  const { team } = await parseBody(request, favoriteTeamBody);
  await rateLimit('favoriteTeam', request, String(user._id));
  return json(await setFavoriteTeam(user._id, team));
});
