import 'server-only';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { carriesAdminClaim, namedByEnvironment } from '@/lib/admins';
import { now } from '@/lib/clock';
import { AppError, notFound, unauthorized } from '@/lib/errors';
import { adminAuth } from '@/lib/firebase-admin';
import { log, noteViewer } from '@/lib/log';

/**
 * How recent a sign-in must be to mint a session cookie, delete the account or
 * download its data (Firebase's session-cookie guide uses the same 5 minutes);
 * older, the fan is asked to sign in again.
 */
export const RECENT_SIGN_IN_MS = 5 * 60 * 1000;

/**
 * Who a verified token names, whether Firebase verified their email, whether the account carries the administrator
 * claim (ADMIN_CLAIM in lib/admins.ts), and when they last signed in (its `auth_time`).
 */
export type Identity = { uid: string; email: string | null; emailVerified: boolean; admin: boolean; signedInAt: Date };

function bearer(request: Request): string | null {
  const header = request.headers.get('authorization');
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/** Refusals that are the token's (or session cookie's) fault, expected every day; anything else is logged. */
const TOKEN_VERDICTS = new Set([
  'auth/argument-error',
  'auth/id-token-expired',
  'auth/id-token-revoked',
  'auth/session-cookie-expired',
  'auth/session-cookie-revoked',
  'auth/user-disabled',
  'auth/user-not-found',
]);

/** The check could not be made: Firebase (or the emulator) did not answer the revocation check in time. */
export function unreachable(error: unknown): boolean {
  const code = String((error as { code?: unknown }).code ?? '');
  return code.startsWith('app/network') || code === 'auth/internal-error';
}

/** Logs a refusal: an everyday verdict at debug level, anything else (a misconfiguration shows up here) as a warning. */
export function noteRefusal(error: unknown, what: string): void {
  const code = String((error as { code?: unknown }).code ?? '');
  if (TOKEN_VERDICTS.has(code)) log.debug({ code }, `${what} refused`);
  else log.warn({ code, message: error instanceof Error ? error.message : String(error) }, `${what} refused`);
}

/**
 * Verifies a Firebase ID token: signature, expiry, audience and issuer, and
 * (checkRevoked) that the account still exists and is not disabled.
 */
export async function verifyToken(token: string): Promise<Identity> {
  let decoded: DecodedIdToken;
  try {
    decoded = await adminAuth().verifyIdToken(token, true);
  } catch (error) {
    // The token could not be judged, which is not the viewer's fault.
    if (unreachable(error)) {
      log.warn({ code: (error as { code?: unknown }).code }, 'token check could not reach Firebase');
      throw new AppError(503, 'Sign-in is temporarily unavailable. Please try again in a moment.', { 'Retry-After': '5' });
    }
    noteRefusal(error, 'token');
    throw unauthorized('Your session is invalid or has expired. Please sign in again.');
  }
  return {
    uid: decoded.uid,
    email: decoded.email ?? null,
    emailVerified: decoded.email_verified === true,
    admin: carriesAdminClaim(decoded),
    signedInAt: new Date(decoded.auth_time * 1000),
  };
}

/**
 * Refuses a sign-in older than RECENT_SIGN_IN_MS, for what a stolen token or
 * an unattended browser must not do: start a session, delete the account,
 * take its data away. The 401 carries the step-up challenge of RFC 9470, which
 * the browser reads to send the fan to sign in again. The time is lib/clock's,
 * so tests can age a sign-in; that clock moves only beside the auth emulator,
 * whose tokens are unsigned anyway.
 */
export async function assertRecentSignIn(identity: Identity): Promise<void> {
  if ((await now()).getTime() - identity.signedInAt.getTime() <= RECENT_SIGN_IN_MS) return;
  throw new AppError(401, 'For your security, please sign in again to do this.', {
    'WWW-Authenticate': `Bearer error="insufficient_user_authentication", max_age=${RECENT_SIGN_IN_MS / 1000}`,
  });
}

/** The viewer's identity, or a 401. Identity comes from nothing but the token. */
export async function requireIdentity(request: Request): Promise<Identity> {
  const { identity } = await requireToken(request);
  return identity;
}

/** The verified identity with the token it came from, for the one route that hands the token on (POST /api/session). */
export async function requireToken(request: Request): Promise<{ identity: Identity; token: string }> {
  const token = bearer(request);
  if (!token) throw unauthorized();
  const identity = await verifyToken(token);
  noteViewer(request, identity.uid);
  return { identity, token };
}

/** The viewer's identity when a valid token is present; null for visitors. */
export async function optionalIdentity(request: Request): Promise<Identity | null> {
  const token = bearer(request);
  if (!token) return null;
  try {
    const identity = await verifyToken(token);
    noteViewer(request, identity.uid);
    return identity;
  } catch {
    return null;
  }
}

/** Deletes the Firebase account itself (the last step of deleting a Takes account); one already gone is fine. */
export async function deleteIdentity(uid: string): Promise<void> {
  try {
    await adminAuth().deleteUser(uid);
  } catch (error) {
    const code = String((error as { code?: unknown }).code ?? '');
    if (code === 'auth/user-not-found') return;
    if (code.startsWith('app/network') || code === 'auth/internal-error') {
      throw new AppError(503, 'Could not finish deleting your account. Please try again in a moment.', { 'Retry-After': '5' });
    }
    throw error;
  }
}

/**
 * Whether a verified identity is an administrator: its account carries the claim the operator's command sets
 * (lib/admins.ts), or the environment names it by uid (TAKES_ADMIN_UIDS), or by email (TAKES_ADMIN_EMAILS) once
 * Firebase has verified that the account owns it, since anyone can sign up with any address. Administrators name the
 * moderators (lib/data/moderation/moderators.ts) and are moderators themselves.
 */
export function isAdmin(who: Pick<Identity, 'uid' | 'email' | 'emailVerified' | 'admin'>): boolean {
  return who.admin || namedByEnvironment(who);
}

/**
 * The viewer's identity when they are an administrator. Anyone else, signed in
 * or not, gets the 404 an unknown address gets: the admin API does not admit
 * that it exists. (Moderators: requireModerator in lib/data/shared/roles.ts.)
 */
export async function requireAdmin(request: Request): Promise<Identity> {
  const identity = await optionalIdentity(request);
  if (!identity || !isAdmin(identity)) throw notFound();
  return identity;
}
