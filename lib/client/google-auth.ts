import { FirebaseError } from 'firebase/app';
import { browserPopupRedirectResolver, GoogleAuthProvider, signInWithPopup, type UserCredential } from 'firebase/auth';
import { firebaseAuth, loadedFirebaseAuth } from '@/lib/client/firebase';

/** Google sign-in in a popup that always asks which account to use (docs/product.md#api). */
export async function signInWithGoogle(): Promise<UserCredential> {
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  // The Google button loads Auth as it appears, so a click finds it ready and the popup is not blocked.
  const auth = loadedFirebaseAuth() ?? (await firebaseAuth());
  return signInWithPopup(auth, provider, browserPopupRedirectResolver);
}

export function authErrorCode(error: unknown): string | null {
  return error instanceof FirebaseError ? error.code : null;
}

/** Closing the popup is a change of mind, not a failure worth an error message. */
export function isPopupDismissed(error: unknown): boolean {
  const code = authErrorCode(error);
  return code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request';
}
