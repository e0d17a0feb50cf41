// POST /api/session — trade a verified ID token for the session cookie pages render the reader by.
// DELETE /api/session — clear it (sign-out).
import { cookies } from 'next/headers';
import { requireToken } from '@/lib/auth';
import { json, route } from '@/lib/http';
import { rateLimit } from '@/lib/rate-limit';
import { clearedSessionCookie, createSession, sessionCookie } from '@/lib/session';
import type { SessionAnswer } from '@/lib/validation/session';

export const POST = route(async (request) => {
  const { identity, token } = await requireToken(request);
  await rateLimit('session', request, identity.uid);
  const { cookie, expiresAt } = await createSession(token);
  (await cookies()).set(sessionCookie(cookie));
  return json({ signedIn: true, expiresAt: expiresAt.toISOString() } satisfies SessionAnswer);
});

export const DELETE = route(async () => {
  (await cookies()).set(clearedSessionCookie());
  return json({ signedIn: false, expiresAt: null } satisfies SessionAnswer);
});
