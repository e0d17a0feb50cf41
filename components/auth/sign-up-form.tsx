'use client';

import type { User } from 'firebase/auth';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/client/api';
import { sendVerificationMail } from '@/lib/client/email-verification';
import { firebaseAuthSdk } from '@/lib/client/firebase';
import { authErrorCode, isPopupDismissed, signInWithGoogle } from '@/lib/client/google-auth';
import { savePendingSignUp } from '@/lib/client/pending-sign-up';
import { getProfileUsername } from '@/lib/client/users';
import { useAuth } from '@/components/shared/auth-provider';
import { GoogleButton } from './google-button';
import { InAppBrowserBanner } from './in-app-browser-banner';
import { AuthField } from './auth-field';
import styles from './auth.module.css';

const WRONG_PASSWORD = 'That e-mail is already registered, but the password you entered is incorrect.';
const SIGN_UP_FAILED = 'Error during sign-up. Please try again.';
const GOOGLE_FAILED = 'Error during Google sign-up. Please try again.';
const STATUS_FAILED = 'Error checking user status. Please try again.';

/** Newer projects answer a wrong password with invalid-credential (email enumeration protection). */
const BAD_PASSWORD_CODES = new Set(['auth/wrong-password', 'auth/invalid-credential', 'auth/invalid-login-credentials']);

class StatusCheckError extends Error {}

/** Where an account that already exists with the provider goes next: home when it has a username. */
async function destinationFor(user: User): Promise<'/' | '/create-username'> {
  try {
    const profile = await getProfileUsername(user.uid);
    if (profile.username) return '/';
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) {
      console.error('Profile lookup failed', error);
      throw new StatusCheckError();
    }
  }
  savePendingSignUp({ firebaseUID: user.uid, email: user.email ?? '' });
  return '/create-username';
}

export function SignUpForm() {
  const router = useRouter();
  const { signedIn } = useAuth();

  /** Home for an account with a username (its session cookie set first, so home renders for it), else /create-username. */
  const goOn = async (user: User) => {
    const destination = await destinationFor(user);
    if (destination === '/') await signedIn(user);
    router.push(destination);
  };
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const fail = (message: string) => {
    setError(message);
    setPending(false);
  };

  const signInExisting = async (address: string) => {
    try {
      const { auth, sdk } = await firebaseAuthSdk();
      const { user } = await sdk.signInWithEmailAndPassword(auth, address, password);
      await goOn(user);
    } catch (err) {
      if (err instanceof StatusCheckError) fail(STATUS_FAILED);
      else fail(BAD_PASSWORD_CODES.has(authErrorCode(err) ?? '') ? WRONG_PASSWORD : SIGN_UP_FAILED);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    setError(null);
    setPending(true);
    try {
      const { auth, sdk } = await firebaseAuthSdk();
      const { user } = await sdk.createUserWithEmailAndPassword(auth, address, password);
      // The address is the account's only once its owner opens this mail's link; the account page sends another.
      await sendVerificationMail(user).catch((mailError: unknown) => console.error('Could not send the verification mail', mailError));
      savePendingSignUp({ firebaseUID: user.uid, email: address });
      router.push('/create-username');
    } catch (err) {
      if (authErrorCode(err) === 'auth/email-already-in-use') await signInExisting(address);
      else fail(SIGN_UP_FAILED);
    }
  };

  const onGoogle = async () => {
    setError(null);
    setPending(true);
    let user: User;
    try {
      ({ user } = await signInWithGoogle());
    } catch (err) {
      if (isPopupDismissed(err)) setPending(false);
      else fail(GOOGLE_FAILED);
      return;
    }
    try {
      await goOn(user);
    } catch {
      fail(STATUS_FAILED);
    }
  };

  return (
    <>
      <InAppBrowserBanner />
      <form className={styles.form} onSubmit={onSubmit}>
        <AuthField
          id="sign-up-email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <AuthField
          id="sign-up-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          minLength={6}
          aria-describedby="sign-up-password-hint"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        >
          <p id="sign-up-password-hint" className={styles.hint}>
            At least 6 characters.
          </p>
        </AuthField>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <button type="submit" className={`button button-primary ${styles.submit}`} disabled={pending}>
          Sign Up
        </button>
      </form>

      <GoogleButton label="Sign up with Google" onClick={onGoogle} disabled={pending} />

      <p className={styles.alt}>
        Already have an account? <Link href="/sign-in">Sign In</Link>
      </p>
    </>
  );
}
