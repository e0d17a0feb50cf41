// GET /api/users/check-username/{username} — { available } under the username rules of docs/product.md#validation.
import { isUsernameAvailable } from '@/lib/data/people/users';
import { rateLimit } from '@/lib/rate-limit';
import { json, parseParams, route } from '@/lib/http';
import { username, usernameParams } from '@/lib/validation/users';

export const GET = route(async (request, context) => {
  await rateLimit('usernameCheck', request);
  const params = await parseParams(context, usernameParams);
  const parsed = username.safeParse(params.username);
  // An invalid name is simply not available; the form explains the rules.
  return json({ available: parsed.success && (await isUsernameAvailable(parsed.data)) });
});
