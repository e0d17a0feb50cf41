import type { User } from 'firebase/auth';
import { firebaseAuthSdk } from '@/lib/client/firebase';

/** Firebase's codes when the link back to the site names a domain the project has not authorised. */
const CONTINUE_URL_REFUSED = new Set(['auth/unauthorized-continue-uri', 'auth/invalid-continue-uri', 'auth/missing-continue-uri']);

const codeOf = (error: unknown) => (typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '');

/**
 * Sends Firebase's verification mail to the account's address. Its link comes back to /account once the address is
 * verified; a project that has not authorised this site's domain (docs/deploy.md) gets the mail without that link.
 */
export async function sendVerificationMail(user: User): Promise<void> {
  const { sdk } = await firebaseAuthSdk();
  try {
    await sdk.sendEmailVerification(user, { url: `${window.location.origin}/account` });
  } catch (error) {
    if (!CONTINUE_URL_REFUSED.has(codeOf(error))) throw error;
    await sdk.sendEmailVerification(user);
  }
}

/** What the fan reads when a verification mail could not be sent. */
export function verificationMailError(error: unknown): string {
  switch (codeOf(error)) {
    case 'auth/too-many-requests':
      return 'Too many links were sent to this address. Please wait a few minutes, then try again.';
    case 'auth/network-request-failed':
      return 'Could not reach the server. Check your connection and try again.';
    case 'auth/user-token-expired':
    case 'auth/requires-recent-login':
      return 'Please sign in again, then send the link.';
    default:
      return 'Could not send the link. Please try again.';
  }
}

/** Whether the account signs in with a password (Google accounts come verified). */
export const signsInWithPassword = (user: User) => user.providerData.some((provider) => provider.providerId === 'password');
