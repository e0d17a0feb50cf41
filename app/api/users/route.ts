// POST /api/users — create the signed-in viewer's user with a username.
import { requireIdentity } from '@/lib/auth';
import { now } from '@/lib/clock';
import { createUser } from '@/lib/data/people/users';
import { rateLimit, requestAddress } from '@/lib/rate-limit';
import { json, parseBody, route } from '@/lib/http';
import { createUserBody } from '@/lib/validation/users';

export const POST = route(async (request) => {
  const identity = await requireIdentity(request);
  const { username } = await parseBody(request, createUserBody);
  await rateLimit('signup', request, identity.uid);
  return json(await createUser(identity, username, { address: requestAddress(request), at: await now() }), 201);
});
