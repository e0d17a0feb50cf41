import type { UserCredential } from 'firebase/auth';
import { firebaseAuthSdk, loadedFirebaseAuthSdk, type LoadedAuth } from '@/lib/client/firebase';

function popup({ auth, sdk }: LoadedAuth): Promise<UserCredential> {
  const provider = new sdk.GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  return sdk.signInWithPopup(auth, provider, sdk.browserPopupRedirectResolver);
}

/** Google sign-in in a popup that always asks which account to use (docs/product.md#api). */
export async function signInWithGoogle(): Promise<UserCredential> {
  // The Google button loads the SDK as it appears, so a click finds it ready and the popup is not blocked.
  const ready = loadedFirebaseAuthSdk();
  return popup(ready ?? (await firebaseAuthSdk()));
}

/**
 * The SDK's error code (`auth/popup-closed-by-user`). Read from the error's shape rather than by `instanceof
 * FirebaseError`, which would put firebase/app in the first load of every page with a sign-in form.
 */
export function authErrorCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  return typeof error.code === 'string' ? error.code : null;
}

/** Closing the popup is a change of mind, not a failure worth an error message. */
export function isPopupDismissed(error: unknown): boolean {
  const code = authErrorCode(error);
  return code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request';
}
