import 'server-only';
import { carriesAdminClaim } from '@/lib/admins';
import { type Identity, noteRefusal, unreachable } from '@/lib/auth';
import { adminAuth } from '@/lib/firebase-admin';
import { AppError } from '@/lib/errors';
import { log } from '@/lib/log';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The Firebase session cookie that lets a page render for the fan reading it
 * (HttpOnly; `__session` is the one cookie Firebase Hosting passes through).
 * It authorises no write: every mutation still needs the bearer token.
 */
export const SESSION_COOKIE = '__session';
/** A session cookie's life (Firebase allows 5 minutes to 2 weeks), counted from the sign-in it was minted for. */
export const SESSION_MAX_AGE_MS = 14 * 24 * HOUR_MS;

/**
 * The Firebase session cookie: minted from a verified ID token by POST
 * /api/session, judged on every page that renders for its holder. It names the
 * reader to Server Components and nothing else: writes still need the bearer token.
 */

/** Attributes shared by setting and clearing, so a clearing always matches what was set. */
function attributes(maxAgeSeconds: number) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: process.env.NODE_ENV === 'production' && !process.env.FIREBASE_AUTH_EMULATOR_HOST,
    path: '/',
    maxAge: maxAgeSeconds,
  };
}

export const sessionCookie = (value: string) => ({ name: SESSION_COOKIE, value, ...attributes(SESSION_MAX_AGE_MS / 1000) });
export const clearedSessionCookie = () => ({ name: SESSION_COOKIE, value: '', ...attributes(0) });

/** A session cookie for a verified ID token, and when it expires. */
export async function createSession(idToken: string): Promise<{ cookie: string; expiresAt: Date }> {
  try {
    const cookie = await adminAuth().createSessionCookie(idToken, { expiresIn: SESSION_MAX_AGE_MS });
    return { cookie, expiresAt: new Date(Date.now() + SESSION_MAX_AGE_MS) };
  } catch (error) {
    log.warn({ code: (error as { code?: unknown }).code }, 'session cookie could not be created');
    throw new AppError(503, 'Sign-in is temporarily unavailable. Please try again in a moment.', { 'Retry-After': '5' });
  }
}

/** Who a cookie names; `invalid` (forged, expired, revoked, account gone or disabled) or `unavailable` (Firebase did not answer) otherwise. */
export type SessionCheck = Pick<Identity, 'uid' | 'email' | 'emailVerified' | 'admin'> | 'invalid' | 'unavailable';

/** verifySessionCookie with checkRevoked: signature, expiry, audience and issuer, and that the account still exists, is enabled and was not signed out everywhere. */
export async function checkSession(cookie: string): Promise<SessionCheck> {
  try {
    const decoded = await adminAuth().verifySessionCookie(cookie, true);
    return {
      uid: decoded.uid,
      email: decoded.email ?? null,
      emailVerified: decoded.email_verified === true,
      admin: carriesAdminClaim(decoded),
    };
  } catch (error) {
    if (unreachable(error)) {
      log.warn({ code: (error as { code?: unknown }).code }, 'session check could not reach Firebase');
      return 'unavailable';
    }
    noteRefusal(error, 'session cookie');
    return 'invalid';
  }
}

/**
 * Sign-out: revokes the refresh tokens of the fan a cookie names, so every
 * session cookie minted before now is refused by checkSession (checkRevoked),
 * wherever a copy of it is, and the fan's other devices must sign in again.
 * A cookie that names no one (forged, expired, already revoked) has nothing to end.
 */
export async function endSessions(cookie: string): Promise<void> {
  const session = await checkSession(cookie);
  const unavailable = () =>
    new AppError(503, 'Signing out is temporarily unavailable. Please try again in a moment.', { 'Retry-After': '5' });
  if (session === 'unavailable') throw unavailable();
  if (session === 'invalid') return;
  try {
    await adminAuth().revokeRefreshTokens(session.uid);
  } catch (error) {
    if (unreachable(error)) throw unavailable();
    throw error;
  }
}
