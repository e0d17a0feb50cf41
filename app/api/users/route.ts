// POST /api/users — create the signed-in caller's user with a username.
import { requireIdentity } from '@/lib/auth';
import { createUser } from '@/lib/data/people/users';
import { rateLimit } from '@/lib/rate-limit';
import { json, parseBody, route } from '@/lib/http';
import { createUserBody } from '@/lib/validation/users';

export const POST = route(async (request) => {
  const identity = await requireIdentity(request);
  const { username } = await parseBody(request, createUserBody);
  await rateLimit('signup', request, identity.uid);
  return json(await createUser(identity, username), 201);
});
