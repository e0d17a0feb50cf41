// GET /api/users/full-profile/{userID} — a public profile, with isFollowing for a signed-in viewer.
import { optionalIdentity } from '@/lib/auth';
import { getFullProfile } from '@/lib/data/people/users';
import { json, parseParams, route } from '@/lib/http';
import { userIdParams } from '@/lib/validation/users';

export const GET = route(async (request, context) => {
  const { userID } = await parseParams(context, userIdParams);
  const viewer = await optionalIdentity(request);
  return json(await getFullProfile(userID, viewer?.uid ?? null));
});
