'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { firebaseAuthSdk } from '@/lib/client/firebase';
import { isPopupDismissed, signInWithGoogle } from '@/lib/client/google-auth';
import { AuthField } from './auth-field';
import { useAuth } from '@/components/shared/auth-provider';
import { GoogleButton } from './google-button';
import { InAppBrowserBanner } from './in-app-browser-banner';
import styles from './auth.module.css';
import { Button } from '@/components/ui/button';

type Notice = { kind: 'error' | 'success'; text: string } | null;

/** `next`: where to go once signed in (a path on this site; home by default). */
export function SignInForm({ next = '/' }: { next?: string }) {
  const router = useRouter();
  const { signedIn } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [showReset, setShowReset] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setPending(true);
    try {
      const { auth, sdk } = await firebaseAuthSdk();
      const { user } = await sdk.signInWithEmailAndPassword(auth, email, password);
      // The session cookie first, so the feed renders with the fan's own reactions.
      await signedIn(user);
      router.push(next);
    } catch {
      setError('Invalid email or password. Please try again.');
      setPending(false);
    }
  };

  const onGoogle = async () => {
    setError(null);
    setPending(true);
    try {
      const { user } = await signInWithGoogle();
      await signedIn(user);
      router.push(next);
    } catch (err) {
      if (!isPopupDismissed(err)) setError('Error initiating Google sign in.');
      setPending(false);
    }
  };

  return (
    <>
      <InAppBrowserBanner />
      <form className={styles.form} onSubmit={onSubmit}>
        <AuthField
          id="sign-in-email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <AuthField
          id="sign-in-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className={styles.row}>
          <Button
            type="button"
            variant="link"
            aria-expanded={showReset}
            aria-controls="password-reset"
            onClick={() => setShowReset((value) => !value)}
          >
            Forgot Password?
          </Button>
        </div>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <button type="submit" className={`button button-primary ${styles.submit}`} disabled={pending}>
          Sign In
        </button>
      </form>

      <div id="password-reset" hidden={!showReset}>
        {showReset && <PasswordResetForm initialEmail={email} />}
      </div>

      <GoogleButton label="Sign in with Google" onClick={onGoogle} disabled={pending} />

      <p className={styles.alt}>
        New to Takes? <Link href="/sign-up">Sign Up</Link>
      </p>
    </>
  );
}

function PasswordResetForm({ initialEmail }: { initialEmail: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [notice, setNotice] = useState<Notice>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim()) {
      setNotice({ kind: 'error', text: 'Please enter your email address.' });
      return;
    }
    setPending(true);
    try {
      const { auth, sdk } = await firebaseAuthSdk();
      await sdk.sendPasswordResetEmail(auth, email.trim());
      setNotice({ kind: 'success', text: 'Password reset email sent! Check your inbox.' });
    } catch {
      setNotice({ kind: 'error', text: 'Failed to send reset email. Please check the email and try again.' });
    } finally {
      setPending(false);
    }
  };

  return (
    // noValidate: an empty address gets the message of docs/product.md#validation rather than the browser's bubble.
    <form className={`${styles.form} ${styles.reset}`} onSubmit={onSubmit} noValidate>
      <div>
        <h2 className={styles.resetTitle}>Reset your password</h2>
        <p className={styles.hint}>We will email you a link to choose a new one.</p>
      </div>
      <AuthField
        id="reset-email"
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        aria-invalid={notice?.kind === 'error' || undefined}
      />
      <p className={notice ? styles[notice.kind] : 'visually-hidden'} role="status">
        {notice?.text}
      </p>
      <button type="submit" className={`button button-secondary ${styles.submit}`} disabled={pending}>
        Send Reset Email
      </button>
    </form>
  );
}
