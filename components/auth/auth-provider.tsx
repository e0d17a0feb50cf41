'use client';

import type { User } from 'firebase/auth';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { z } from 'zod';
import { ApiError, apiFetch } from '@/lib/client/api';
import { firebaseAuth } from '@/lib/client/firebase';
import { detectInAppBrowser, type InAppBrowser } from '@/lib/client/in-app-browser';
import { ownSessionUser as sessionUserSchema } from '@/lib/validation/users';

export type SessionUser = z.infer<typeof sessionUserSchema>;
export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

type AuthContextValue = {
  /** 'signed-in' only once the site's own user record is loaded. */
  status: AuthStatus;
  user: SessionUser | null;
  firebaseUser: User | null;
  /** Signed in with the identity provider but no username chosen yet (GET /api/users/users/{uid} answered 404). */
  needsUsername: boolean;
  inAppBrowser: InAppBrowser | null;
  getToken(forceRefresh?: boolean): Promise<string | null>;
  /** Refreshes the ID token and reloads the user record, e.g. after creating a username or uploading a picture. */
  refreshUser(): Promise<SessionUser | null>;
  signOut(): Promise<void>;
};

type Session = { resolved: boolean; firebaseUser: User | null; user: SessionUser | null; needsUsername: boolean };

const SIGNED_OUT: Session = { resolved: true, firebaseUser: null, user: null, needsUsername: false };

const AuthContext = createContext<AuthContextValue | null>(null);

/** null = the account exists with the provider but has no username yet. */
async function fetchSessionUser(firebaseUser: User, forceRefresh: boolean): Promise<SessionUser | null> {
  const token = await firebaseUser.getIdToken(forceRefresh);
  try {
    const data = await apiFetch<unknown>(`/api/users/users/${encodeURIComponent(firebaseUser.uid)}`, { token });
    return sessionUserSchema.parse(data);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

const subscribeToNothing = () => () => {};
const readInAppBrowser = () => detectInAppBrowser(navigator.userAgent);
const noInAppBrowserOnServer = () => null;

export function AuthProvider({ children }: { children: React.ReactNode }) {
  // The user agent never changes, but reading it through the store keeps the server render and hydration in step.
  const inAppBrowser = useSyncExternalStore(subscribeToNothing, readInAppBrowser, noInAppBrowserOnServer);
  const [session, setSession] = useState<Session>({ ...SIGNED_OUT, resolved: false });
  const firebaseUserRef = useRef<User | null>(null);
  // Only the newest load may write the session: a sign-out or a second sign-in can overtake a slow request.
  const loadSeq = useRef(0);
  const loadedUid = useRef<string | null>(null);

  const load = useCallback(async (firebaseUser: User, forceRefresh: boolean): Promise<SessionUser | null> => {
    const seq = ++loadSeq.current;
    try {
      const user = await fetchSessionUser(firebaseUser, forceRefresh);
      if (seq === loadSeq.current) {
        loadedUid.current = firebaseUser.uid;
        setSession({ resolved: true, firebaseUser, user, needsUsername: user === null });
      }
      return user;
    } catch (error) {
      console.error('Could not load the signed-in user', error);
      if (seq === loadSeq.current) {
        loadedUid.current = null;
        setSession({ resolved: true, firebaseUser, user: null, needsUsername: false });
      }
      return null;
    }
  }, []);

  useEffect(() => {
    // Read directly rather than from state so the short-video app never even initialises Firebase.
    if (readInAppBrowser() === 'tiktok') return;
    let unsubscribe: (() => void) | undefined;
    let unmounted = false;
    Promise.all([firebaseAuth(), import('firebase/auth')])
      .then(([auth, { onIdTokenChanged }]) => {
        if (unmounted) return;
        unsubscribe = onIdTokenChanged(auth, (firebaseUser) => {
          firebaseUserRef.current = firebaseUser;
          if (!firebaseUser) {
            loadSeq.current++;
            loadedUid.current = null;
            setSession(SIGNED_OUT);
            return;
          }
          // Hourly token refreshes fire here too; the user record only needs loading for a new account.
          if (loadedUid.current === firebaseUser.uid) {
            setSession((prev) => ({ ...prev, firebaseUser }));
            return;
          }
          setSession({ resolved: false, firebaseUser, user: null, needsUsername: false });
          void load(firebaseUser, false);
        });
      })
      .catch((error: unknown) => {
        // Without the SDK (offline, blocked script) the visitor still reads, signed out.
        console.error('Could not load Firebase Auth', error);
        if (!unmounted) setSession(SIGNED_OUT);
      });
    return () => {
      unmounted = true;
      unsubscribe?.();
    };
  }, [load]);

  const getToken = useCallback(async (forceRefresh = false) => {
    const firebaseUser = firebaseUserRef.current;
    if (!firebaseUser) return null;
    try {
      return await firebaseUser.getIdToken(forceRefresh);
    } catch (error) {
      console.error('Could not get an ID token', error);
      return null;
    }
  }, []);

  const refreshUser = useCallback(async () => {
    const firebaseUser = firebaseUserRef.current;
    return firebaseUser ? load(firebaseUser, true) : null;
  }, [load]);

  const signOut = useCallback(async () => {
    if (readInAppBrowser() === 'tiktok') return;
    const [auth, { signOut: firebaseSignOut }] = await Promise.all([firebaseAuth(), import('firebase/auth')]);
    await firebaseSignOut(auth);
  }, []);

  const value = useMemo<AuthContextValue>(() => {
    const skipped = inAppBrowser === 'tiktok';
    const current = skipped ? SIGNED_OUT : session;
    let status: AuthStatus = 'signed-out';
    if (!current.resolved) status = 'loading';
    else if (current.user) status = 'signed-in';
    return {
      status,
      user: current.user,
      firebaseUser: current.firebaseUser,
      needsUsername: current.needsUsername,
      inAppBrowser,
      getToken,
      refreshUser,
      signOut,
    };
  }, [inAppBrowser, session, getToken, refreshUser, signOut]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
