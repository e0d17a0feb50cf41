'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState, useSyncExternalStore, type FormEvent } from 'react';
import { CheckIcon } from '@/components/ui/icons/check';
import { CircleIcon } from '@/components/ui/icons/circle';
import { isAbortError } from '@/lib/client/api';
import { firebaseAuth } from '@/lib/client/firebase';
import { toastIfRateLimited } from '@/lib/client/rate-limit-toast';
import { clearPendingSignUp, parsePendingSignUp, readPendingSignUpRaw } from '@/lib/client/pending-sign-up';
import { checkUsername, createUser } from '@/lib/client/users';
import { USERNAME_DEBOUNCE_MS, USERNAME_MAX, USERNAME_MESSAGE, USERNAME_MIN, USERNAME_PATTERN } from '@/lib/constants';
import { useAuth } from '@/components/shared/auth-provider';
import { AuthField } from './auth-field';
import styles from './auth.module.css';
import own from './create-username-form.module.css';

const CREATE_FAILED = 'Error creating the user or username is already taken.';

const subscribeToNothing = () => () => {};
const notReadOnServer = () => undefined;

type Availability = { name: string; available: boolean };

/** The signed-up account's token, waiting for Firebase to restore the session after a reload. */
async function currentToken(): Promise<string | null> {
  const auth = await firebaseAuth();
  await auth.authStateReady();
  return auth.currentUser ? auth.currentUser.getIdToken() : null;
}

export function CreateUsernameForm() {
  const router = useRouter();
  // undefined while rendering on the server, null when sign-up handed nothing over.
  const raw = useSyncExternalStore(subscribeToNothing, readPendingSignUpRaw, notReadOnServer);
  const pending = raw === undefined ? undefined : parsePendingSignUp(raw);

  useEffect(() => {
    if (pending === null) router.replace('/sign-up');
  }, [pending, router]);

  if (!pending) return <p className={own.waiting}>Loading...</p>;
  return <UsernameForm onDone={() => router.push('/')} />;
}

function UsernameForm({ onDone }: { onDone(): void }) {
  const { refreshUser } = useAuth();
  const [username, setUsername] = useState('');
  const [availability, setAvailability] = useState<Availability | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const valid = USERNAME_PATTERN.test(username);
  const startsWithLetter = /^[a-z]/.test(username);
  const lengthOk = username.length >= USERNAME_MIN && username.length <= USERNAME_MAX;
  const available = availability?.name === username ? availability.available : undefined;

  useEffect(() => {
    if (!valid) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      checkUsername(username, controller.signal)
        .then((answer) => setAvailability({ name: username, available: answer.available }))
        .catch((err: unknown) => {
          if (!isAbortError(err)) console.error('Username availability check failed', err);
        });
    }, USERNAME_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [username, valid]);

  let message: { kind: 'error' | 'success'; text: string } | null = null;
  // Three characters or fewer: too early to judge, so no message at all (docs/product.md#validation).
  if (username.length > 3) {
    if (!valid) message = { kind: 'error', text: USERNAME_MESSAGE };
    else if (available === true) message = { kind: 'success', text: 'Username is available!' };
    else if (available === false) message = { kind: 'error', text: 'Username is already taken.' };
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!valid) {
      setError(USERNAME_MESSAGE);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const token = await currentToken();
      if (!token) throw new Error('No signed-in account to name');
      await createUser(username, token);
    } catch (err) {
      if (!toastIfRateLimited(err)) setError(CREATE_FAILED);
      setSubmitting(false);
      return;
    }
    // The new account's token and user record replace the username-less ones before the feed loads.
    await refreshUser();
    clearPendingSignUp();
    onDone();
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <AuthField
        id="username"
        label="Username"
        value={username}
        onChange={(e) => {
          setUsername(e.target.value.toLowerCase());
          setError(null);
        }}
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        aria-invalid={message?.kind === 'error' || undefined}
        aria-describedby="username-rules username-message"
      />
      <ul id="username-rules" className={own.rules} aria-label="Requirements">
        <Rule met={startsWithLetter} text="must start with a letter" />
        <Rule met={lengthOk} text={`${USERNAME_MIN}-${USERNAME_MAX} characters`} />
      </ul>
      <p id="username-message" className={message ? styles[message.kind] : 'visually-hidden'} role="status">
        {message?.text}
      </p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <button type="submit" className={`button button-primary ${styles.submit}`} disabled={submitting || available === false}>
        {submitting ? 'Submitting...' : 'Submit'}
      </button>
    </form>
  );
}

function Rule({ met, text }: { met: boolean; text: string }) {
  return (
    <li className={met ? own.met : undefined}>
      {met ? <CheckIcon size={16} /> : <CircleIcon size={16} />}
      <span>{text}</span>
      <span className="visually-hidden">{met ? ' (done)' : ' (not yet)'}</span>
    </li>
  );
}
