'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { sendVerificationMail, signsInWithPassword, verificationMailError } from '@/lib/client/email-verification';
import { SettingsSection } from './settings-section';
import styles from './account-settings.module.css';
import { Button } from '@/components/ui/button';

/** Seconds before another link may be asked for: Firebase refuses a burst of them, and the mail takes a while anyway. */
const RESEND_WAIT_SECONDS = 60;

type Note = { kind: 'status' | 'error'; text: string } | null;

/**
 * "Verify your email" for an account that signs in with a password and has not opened the link sign-up sent
 * (components/auth/sign-up-form.tsx): sends a new link, and checks once the fan says they opened it. A verified
 * address is what lets the environment name an administrator by email (docs/deploy.md); Google accounts come verified.
 */
export function EmailVerification() {
  const router = useRouter();
  const { firebaseUser, refreshUser } = useAuth();
  const [sending, setSending] = useState(false);
  const [checking, setChecking] = useState(false);
  const [waitUntil, setWaitUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [note, setNote] = useState<Note>(null);
  const [verified, setVerified] = useState(false);

  // A second's tick while the wait before the next link runs, for the button's count.
  useEffect(() => {
    if (waitUntil <= Date.now()) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= waitUntil) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [waitUntil]);

  if (verified) {
    return (
      <p className={styles.saved} role="status">
        Your email address is verified.
      </p>
    );
  }
  if (!firebaseUser?.email || firebaseUser.emailVerified || !signsInWithPassword(firebaseUser)) return null;
  const email = firebaseUser.email;
  const secondsLeft = Math.max(0, Math.ceil((waitUntil - now) / 1000));

  const send = async () => {
    setSending(true);
    setNote(null);
    try {
      await sendVerificationMail(firebaseUser);
      setNote({ kind: 'status', text: `A new link is on its way to ${email}. It can take a few minutes; check your spam folder too.` });
      setNow(Date.now());
      setWaitUntil(Date.now() + RESEND_WAIT_SECONDS * 1000);
    } catch (error) {
      setNote({ kind: 'error', text: verificationMailError(error) });
    } finally {
      setSending(false);
    }
  };

  const check = async () => {
    setChecking(true);
    setNote(null);
    try {
      await firebaseUser.reload();
      if (!firebaseUser.emailVerified) {
        setNote({ kind: 'status', text: 'Not verified yet. Open the link in the newest mail, then try again.' });
        return;
      }
      // A fresh token and session carry the verified address to the server, then the page renders with them.
      await refreshUser();
      setVerified(true);
      router.refresh();
    } catch {
      setNote({ kind: 'error', text: 'Could not check right now. Please try again.' });
    } finally {
      setChecking(false);
    }
  };

  return (
    <SettingsSection
      id="verify-title"
      title="Verify your email"
      hint={`Open the link we sent to ${email} to confirm the address is yours. Until then, the site can't tell that it is.`}
    >
      <div className={styles.verifyActions}>
        <Button type="button" variant="primary" onClick={check} disabled={checking || sending}>
          {checking ? 'Checking...' : "I've opened the link"}
        </Button>
        <Button type="button" variant="secondary" onClick={send} disabled={sending || checking || secondsLeft > 0}>
          {sending ? 'Sending...' : secondsLeft > 0 ? `Send a new link (${secondsLeft} s)` : 'Send a new link'}
        </Button>
      </div>
      <p className={styles.hint} role="status">
        {note?.kind === 'status' ? note.text : ''}
      </p>
      {note?.kind === 'error' && (
        <p className={styles.error} role="alert">
          {note.text}
        </p>
      )}
    </SettingsSection>
  );
}
