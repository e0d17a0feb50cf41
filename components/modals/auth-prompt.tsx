'use client';

import dynamic from 'next/dynamic';
import { usePathname } from 'next/navigation';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { SIGN_IN_PROMPT_DELAY_MS } from '@/lib/constants';
import type { AuthPromptReason } from './auth-prompt-dialog';

export type { AuthPromptReason };

// The dialog's code loads when it first opens: most readers never see it.
const AuthPromptDialog = dynamic(() => import('./auth-prompt-dialog').then((m) => m.AuthPromptDialog));

type AuthPromptContextValue = { openAuthPrompt(reason?: AuthPromptReason): void };

const AuthPromptContext = createContext<AuthPromptContextValue | null>(null);

/** Pages where a lingering visitor is invited to sign up (docs/product.md#interactions). */
const PROMPT_PATHS = new Set(['/', '/feed']);

export function AuthPromptProvider({ children }: { children: React.ReactNode }) {
  const { status } = useAuth();
  const pathname = usePathname();
  // null until the prompt first opens; then whether it is open.
  const [open, setOpen] = useState<boolean | null>(null);
  const [reason, setReason] = useState<AuthPromptReason>('default');
  // Once per page load: the provider lives in the root layout, so this survives client navigation.
  const delayedPromptShown = useRef(false);
  // Read by the delayed invitation's timer, which must not retitle a prompt the visitor is already reading.
  const isOpen = useRef(false);

  const openAuthPrompt = useCallback((next: AuthPromptReason = 'default') => {
    isOpen.current = true;
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
    const timer = window.setTimeout(
      () => {
        delayedPromptShown.current = true;
        // A page that asked first (the Following tab, a tap on Like) keeps its own reason: on a slow first load the
        // auth SDK answers after the ten seconds, and both would open at once.
        if (!isOpen.current) openAuthPrompt('delay');
      },
      Math.max(0, SIGN_IN_PROMPT_DELAY_MS - waited),
    );
    return () => window.clearTimeout(timer);
  }, [status, pathname, openAuthPrompt]);

  const value = useMemo(() => ({ openAuthPrompt }), [openAuthPrompt]);
  const close = () => {
    isOpen.current = false;
    setOpen(false);
  };

  return (
    <AuthPromptContext.Provider value={value}>
      {children}
      {open !== null && <AuthPromptDialog open={open} reason={reason} onClose={close} />}
    </AuthPromptContext.Provider>
  );
}

export function useAuthPrompt(): AuthPromptContextValue {
  const value = useContext(AuthPromptContext);
  if (!value) throw new Error('useAuthPrompt must be used inside <AuthPromptProvider>');
  return value;
}
