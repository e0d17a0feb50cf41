// PUT /api/users/{userId}/profile-picture — point the viewer's picture at one they uploaded to this app.
import { requireIdentity } from '@/lib/auth';
import { chooseOwnAvatar } from '@/lib/data/people/avatars';
import { requireAppUser } from '@/lib/data/people/users';
import { forbidden } from '@/lib/errors';
import { json, parseBody, parseParams, route } from '@/lib/http';
import { idParams } from '@/lib/validation/common';
import { profilePictureBody } from '@/lib/validation/users';

export const PUT = route(async (request, context) => {
  const { id } = await parseParams(context, idParams);
  const user = await requireAppUser(await requireIdentity(request));
  if (String(user._id) !== id) throw forbidden('You can only change your own picture.');
  const { profilePictureUrl } = await parseBody(request, profilePictureBody);
  return json(await chooseOwnAvatar(user, profilePictureUrl));
});
