// POST /api/session — trade a verified ID token from a recent sign-in for the session cookie pages render the reader by.
// DELETE /api/session — sign-out: end every session of the fan the cookie names (revoked at Firebase), and clear it.
import { cookies } from 'next/headers';
import { assertRecentSignIn, requireToken } from '@/lib/auth';
import { SESSION_COOKIE, clearedSessionCookie, createSession, endSessions, sessionCookie } from '@/lib/session';
import { json, route } from '@/lib/http';
import { rateLimit } from '@/lib/rate-limit';
import type { SessionAnswer } from '@/lib/validation/session';

export const POST = route(async (request) => {
  const { identity, token } = await requireToken(request);
  // As Firebase's session-cookie guide does: a token from an old sign-in (a stolen one, say) mints nothing.
  await assertRecentSignIn(identity);
  await rateLimit('session', request, identity.uid);
  const { cookie, expiresAt } = await createSession(token);
  (await cookies()).set(sessionCookie(cookie));
  return json({ signedIn: true, expiresAt: expiresAt.toISOString() } satisfies SessionAnswer);
});

export const DELETE = route(async () => {
  const jar = await cookies();
  const cookie = jar.get(SESSION_COOKIE)?.value;
  // Clearing the browser's copy is not enough: a copied cookie would read pages as the fan until it expired.
  if (cookie) await endSessions(cookie);
  jar.set(clearedSessionCookie());
  return json({ signedIn: false, expiresAt: null } satisfies SessionAnswer);
});
