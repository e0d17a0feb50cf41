// GET /api/users/profiles/{firebaseUID} — whether an account has a username yet (404 if not).
import { getUsernameByUid } from '@/lib/data/people/users';
import { json, parseParams, route } from '@/lib/http';
import { firebaseUidParams } from '@/lib/validation/users';

export const GET = route(async (_request, context) => {
  const { firebaseUID } = await parseParams(context, firebaseUidParams);
  return json(await getUsernameByUid(firebaseUID));
});
