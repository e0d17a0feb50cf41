'use client';

import Link from 'next/link';
import { Dialog } from '@/components/ui/dialog';
import styles from './auth-prompt.module.css';

export type AuthPromptReason = 'delay' | 'default';

const MESSAGES: Record<AuthPromptReason, string> = {
  delay: 'Join the fun. Sign up to share your NBA hot takes.',
  default: 'You need to be signed into an account to perform this action.',
};

/** "Create an account!" (docs/product.md#screens): why the visitor is asked, and the way to sign up or in. */
export function AuthPromptDialog({ open, reason, onClose }: { open: boolean; reason: AuthPromptReason; onClose(): void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Create an account!">
      <p className={styles.body}>{MESSAGES[reason]}</p>
      <div className={styles.actions}>
        <Link href="/sign-up" className="button button-primary" onClick={onClose}>
          Sign Up
        </Link>
        <Link href="/sign-in" className="button button-secondary" onClick={onClose}>
          Sign in
        </Link>
      </div>
    </Dialog>
  );
}
