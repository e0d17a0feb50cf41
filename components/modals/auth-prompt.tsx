'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useAuth } from '@/components/auth/auth-provider';
import { SIGN_IN_PROMPT_DELAY_MS } from '@/lib/constants';
import { Modal } from './modal';
import styles from './auth-prompt.module.css';

export type AuthPromptReason = 'delay' | 'default';

type AuthPromptContextValue = { openAuthPrompt(reason?: AuthPromptReason): void };

const AuthPromptContext = createContext<AuthPromptContextValue | null>(null);

/** Pages where a lingering visitor is invited to sign up (spec §4). */
const PROMPT_PATHS = new Set(['/', '/feed']);

const MESSAGES: Record<AuthPromptReason, string> = {
  delay: 'Join the fun. Sign up to share your NBA hot takes.',
  default: 'You need to be signed into an account to perform this action.',
};

export function AuthPromptProvider({ children }: { children: React.ReactNode }) {
  const { status } = useAuth();
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<AuthPromptReason>('default');
  // Once per page load: the provider lives in the root layout, so this survives client navigation.
  const delayedPromptShown = useRef(false);

  const openAuthPrompt = useCallback((next: AuthPromptReason = 'default') => {
    setReason(next);
    setOpen(true);
  }, []);

  // The visitor's time on a page counts from arriving, not from when the auth SDK (loaded lazily) said who they are.
  const arrival = useRef<{ pathname: string; at: number } | null>(null);
  useEffect(() => {
    arrival.current = { pathname, at: Date.now() };
  }, [pathname]);

  useEffect(() => {
    if (delayedPromptShown.current || status !== 'signed-out' || !PROMPT_PATHS.has(pathname)) return;
    const waited = arrival.current?.pathname === pathname ? Date.now() - arrival.current.at : 0;
    const timer = window.setTimeout(() => {
      delayedPromptShown.current = true;
      openAuthPrompt('delay');
    }, Math.max(0, SIGN_IN_PROMPT_DELAY_MS - waited));
    return () => window.clearTimeout(timer);
  }, [status, pathname, openAuthPrompt]);

  const value = useMemo(() => ({ openAuthPrompt }), [openAuthPrompt]);
  const close = () => setOpen(false);

  return (
    <AuthPromptContext.Provider value={value}>
      {children}
      <Modal open={open} onClose={close} title="Create an account!">
        <p className={styles.body}>{MESSAGES[reason]}</p>
        <div className={styles.actions}>
          <Link href="/sign-up" className="button button-primary" onClick={close}>
            Sign Up
          </Link>
          <Link href="/sign-in" className="button button-secondary" onClick={close}>
            Sign in
          </Link>
        </div>
      </Modal>
    </AuthPromptContext.Provider>
  );
}

export function useAuthPrompt(): AuthPromptContextValue {
  const value = useContext(AuthPromptContext);
  if (!value) throw new Error('useAuthPrompt must be used inside <AuthPromptProvider>');
  return value;
}
