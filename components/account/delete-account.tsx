'use client';

import { useRouter } from 'next/navigation';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { Dialog } from '@/components/ui/dialog';
import { takeToast } from '@/components/shared/take-toast';
import modalStyles from '@/components/ui/dialog-body.module.css';
import { deleteAccount } from '@/lib/client/account';
import { ApiError } from '@/lib/client/api';
import { signInAgainHref } from '@/lib/client/sign-in-again';
import { SettingsSection } from './settings-section';
import styles from './account-settings.module.css';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

/**
 * Deleting the account, behind a dialog where the fan types their username.
 * Should it be cut short (the server unreachable midway), asking again
 * finishes it: the server resumes where it stopped.
 */
export function DeleteAccount({ username, onDeleted }: { username: string; onDeleted(): Promise<void> }) {
  const router = useRouter();
  const { getToken } = useAuth();
  const fieldId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const matches = typed.trim().toLowerCase() === username;

  const close = () => {
    if (pending) return;
    setOpen(false);
    setTyped('');
    setError(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!matches || pending) return;
    setPending(true);
    setError(null);
    try {
      const message = await deleteAccount({ username: typed.trim() }, await getToken());
      takeToast.success(message);
      await onDeleted();
      router.replace('/');
    } catch (caught) {
      // Deleting needs a recent sign-in: the fan signs in again and comes back here to confirm.
      if (caught instanceof ApiError && caught.reauthenticate) {
        takeToast.error(caught.message);
        router.push(signInAgainHref('/account'));
        return;
      }
      setError(
        caught instanceof ApiError && caught.status !== 0 && caught.status < 500
          ? caught.message
          : 'Your account could not be fully deleted. Nothing of it is shown meanwhile; please try again to finish.',
      );
      setPending(false);
    }
  };

  return (
    <SettingsSection
      id="delete-title"
      title="Delete account"
      hint="Removes your profile, takes, comments, reactions, favorites, follows, receipt votes and notifications for good. Your username becomes available to others."
      danger
    >
      <button type="button" className={`button button-secondary ${styles.signOut}`} onClick={() => setOpen(true)}>
        Delete my account
      </button>
      <Dialog open={open} onClose={close} title="Delete your account?" initialFocusRef={inputRef}>
        <form onSubmit={submit} className={modalStyles.form}>
          <p className={modalStyles.text}>
            This deletes everything you have posted and done on Takes, and can&apos;t be undone. Comments of yours that others replied to
            stay as &ldquo;[deleted]&rdquo;. Download your data first if you want a copy.
          </p>
          <label htmlFor={fieldId} className={modalStyles.label}>
            Type <strong>{username}</strong> to confirm
          </label>
          <Input
            ref={inputRef}
            id={fieldId}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fieldId}-error` : undefined}
          />
          {error && (
            <p id={`${fieldId}-error`} className={styles.error} role="alert">
              {error}
            </p>
          )}
          <div className={modalStyles.actions}>
            <Button type="button" variant="secondary" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={!matches || pending}>
              {pending ? 'Deleting...' : 'Delete account'}
            </Button>
          </div>
        </form>
      </Dialog>
    </SettingsSection>
  );
}
