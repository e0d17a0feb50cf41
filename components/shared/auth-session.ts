import type { User } from 'firebase/auth';
import { ApiError } from '@/lib/client/api';
import { endSession, startSession } from '@/lib/client/session';
import { getOwnUser } from '@/lib/client/users';
import type { OwnSessionUser } from '@/lib/validation/users';

/**
 * What the auth provider (./auth-provider.tsx) does with the SDK's answers: the fan's own record, and the session
 * cookie pages render by. Loaded when the SDK is, not with a page.
 */

/** The fan's own record; null = the account exists with the provider but has no username yet. */
export async function fetchSessionUser(firebaseUser: User, forceRefresh: boolean): Promise<OwnSessionUser | null> {
  const token = await firebaseUser.getIdToken(forceRefresh);
  try {
    return await getOwnUser(firebaseUser.uid, token);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * Trades the ID token for the session cookie the server renders pages by (POST /api/session). The server mints one
 * only for a recent sign-in, so a cookie lasts from a sign-in, not beyond: an account the SDK remembered longer gets
 * none, and pages render for a visitor while the browser fills in the rest, as before the cookie existed.
 */
export async function startServerSession(firebaseUser: User): Promise<void> {
  try {
    await startSession(await firebaseUser.getIdToken());
  } catch (error) {
    if (!(error instanceof ApiError && error.reauthenticate)) console.error('Could not start the server session', error);
  }
}

export async function endServerSession(): Promise<void> {
  try {
    await endSession();
  } catch (error) {
    console.error('Could not end the server session', error);
  }
}
