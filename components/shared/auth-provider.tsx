'use client';

import type { User } from 'firebase/auth';
import { useRouter } from 'next/navigation';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { firebaseAuth, mayHaveStoredAccount, onFirebaseAuthLoaded, STORED_ACCOUNT_PREFIX } from '@/lib/client/firebase';
import { detectInAppBrowser, type InAppBrowser } from '@/lib/client/in-app-browser';
import type { OwnSessionUser } from '@/lib/validation/users';

export type SessionUser = OwnSessionUser;
export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';
/** Who the server rendered the page for (app/_lib/viewer.ts), from the session cookie. */
export type InitialViewer = { user: SessionUser } | null;

type AuthContextValue = {
  /** 'signed-in' once the site's own user record is known: from the server's render, or loaded after a sign-in. */
  status: AuthStatus;
  user: SessionUser | null;
  /** The identity provider's user, once its SDK (loaded after hydration) has said who is signed in. */
  firebaseUser: User | null;
  /** Signed in with the identity provider but no username chosen yet (GET /api/users/users/{uid} answered 404). */
  needsUsername: boolean;
  inAppBrowser: InAppBrowser | null;
  /** An ID token; waits for the SDK when a page rendered signed in is tapped before it has loaded. */
  getToken(forceRefresh?: boolean): Promise<string | null>;
  /** After a sign-in form's success: loads the user and sets the session cookie, so the next page renders for them. */
  signedIn(firebaseUser: User): Promise<SessionUser | null>;
  /** Refreshes the ID token and reloads the user record, e.g. after creating a username or uploading a picture. */
  refreshUser(): Promise<SessionUser | null>;
  signOut(): Promise<void>;
};

type Session = { resolved: boolean; firebaseUser: User | null; user: SessionUser | null; needsUsername: boolean };

const SIGNED_OUT: Session = { resolved: true, firebaseUser: null, user: null, needsUsername: false };

const AuthContext = createContext<AuthContextValue | null>(null);

// What the SDK's answers lead to (the fan's record, the session cookie) loads with the SDK, not with every page: a
// visitor who holds no account needs none of it to read.
const authSession = () => import('./auth-session');

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

const subscribeToNothing = () => () => {};
const readInAppBrowser = () => detectInAppBrowser(navigator.userAgent);
const noInAppBrowserOnServer = () => null;

/**
 * Who is signed in. The server's render names the reader (the session cookie,
 * app/_lib/viewer.ts), so the first paint and hydration agree on it; the Firebase
 * SDK, loaded after hydration, then confirms it. When the two disagree (a
 * cookie missing or expired while the SDK remembers the account, or signed out
 * elsewhere) the cookie is brought in line and the page re-rendered once.
 */
export function AuthProvider({ initialViewer, children }: { initialViewer: InitialViewer; children: React.ReactNode }) {
  const router = useRouter();
  // The user agent never changes, but reading it through the store keeps the server render and hydration in step.
  const inAppBrowser = useSyncExternalStore(subscribeToNothing, readInAppBrowser, noInAppBrowserOnServer);
  const [session, setSession] = useState<Session>(() =>
    initialViewer ? { resolved: true, firebaseUser: null, user: initialViewer.user, needsUsername: false } : SIGNED_OUT,
  );
  const firebaseUserRef = useRef<User | null>(null);
  // The SDK's first answer: a tap on a page rendered signed in waits for it rather than prompting a sign-in.
  const [sdkReady] = useState(deferred);
  // Only the newest load may write the session: a sign-out or a second sign-in can overtake a slow request.
  const loadSeq = useRef(0);
  const loadedUid = useRef<string | null>(initialViewer?.user.firebaseUID ?? null);
  // The account the page on screen was rendered for; when the signed-in account changes, the page is rendered again.
  const renderedFor = useRef<string | null>(initialViewer?.user.firebaseUID ?? null);
  const establishing = useRef<{ uid: string; promise: Promise<SessionUser | null> } | null>(null);

  const load = useCallback(async (firebaseUser: User, forceRefresh: boolean): Promise<SessionUser | null> => {
    const seq = ++loadSeq.current;
    try {
      const user = await (await authSession()).fetchSessionUser(firebaseUser, forceRefresh);
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

  /** The user record, then (once they have a username) the session cookie; one at a time per account. */
  const establish = useCallback(
    (firebaseUser: User, forceRefresh: boolean) => {
      const current = establishing.current;
      if (!forceRefresh && current?.uid === firebaseUser.uid) return current.promise;
      const promise = load(firebaseUser, forceRefresh).then(async (user) => {
        if (user) await (await authSession()).startServerSession(firebaseUser);
        return user;
      });
      establishing.current = { uid: firebaseUser.uid, promise };
      return promise;
    },
    [load],
  );

  /** Renders the page again when it was rendered for someone else than who is now signed in. */
  const rerenderFor = useCallback(
    (uid: string | null) => {
      if (renderedFor.current === uid) return;
      renderedFor.current = uid;
      router.refresh();
    },
    [router],
  );

  useEffect(() => {
    // Read directly rather than from state so the short-video app never even initialises Firebase.
    if (readInAppBrowser() === 'tiktok') {
      sdkReady.resolve();
      return;
    }
    let unsubscribe: (() => void) | undefined;
    let unmounted = false;
    const onUser = (firebaseUser: User | null) => {
      firebaseUserRef.current = firebaseUser;
      sdkReady.resolve();
      if (!firebaseUser) {
        loadSeq.current++;
        loadedUid.current = null;
        establishing.current = null;
        setSession(SIGNED_OUT);
        // Signed out elsewhere (another tab, or the account's storage cleared): the cookie goes too.
        if (renderedFor.current !== null)
          void authSession()
            .then((module) => module.endServerSession())
            .then(() => rerenderFor(null));
        return;
      }
      // Hourly token refreshes fire here too: the record is known already.
      if (loadedUid.current === firebaseUser.uid) {
        setSession((prev) => ({ ...prev, firebaseUser }));
        return;
      }
      setSession({ resolved: false, firebaseUser, user: null, needsUsername: false });
      void establish(firebaseUser, false).then((user) => {
        if (user && firebaseUserRef.current?.uid === firebaseUser.uid) rerenderFor(firebaseUser.uid);
      });
    };
    // Whoever loads the SDK (this provider, or a sign-in form), the provider listens from then on.
    const stopWaiting = onFirebaseAuthLoaded((auth) => {
      void import('firebase/auth').then(({ onIdTokenChanged }) => {
        if (!unmounted && !unsubscribe) unsubscribe = onIdTokenChanged(auth, onUser);
      });
    });
    const loadSdk = () =>
      firebaseAuth().catch((error: unknown) => {
        // Without the SDK (offline, blocked script) the reader still reads, as the server rendered the page.
        console.error('Could not load Firebase Auth', error);
        sdkReady.resolve();
      });
    // The SDK is the largest script a page could carry, and a browser that holds no account needs none of it to
    // read: it loads for a page rendered signed in, for an account the SDK remembers, when a sign-in form needs it,
    // or when another tab signs in.
    if (renderedFor.current !== null || mayHaveStoredAccount()) void loadSdk();
    else sdkReady.resolve();
    const onStorage = (event: StorageEvent) => {
      if (event.key?.startsWith(STORED_ACCOUNT_PREFIX)) void loadSdk();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      unmounted = true;
      unsubscribe?.();
      stopWaiting();
      window.removeEventListener('storage', onStorage);
    };
  }, [establish, rerenderFor, sdkReady]);

  const getToken = useCallback(
    async (forceRefresh = false) => {
      await sdkReady.promise;
      const firebaseUser = firebaseUserRef.current;
      if (!firebaseUser) return null;
      try {
        return await firebaseUser.getIdToken(forceRefresh);
      } catch (error) {
        console.error('Could not get an ID token', error);
        return null;
      }
    },
    [sdkReady],
  );

  const signedIn = useCallback(
    (firebaseUser: User) => {
      // The form navigates next: the page it opens is rendered for this account, so nothing here re-renders.
      renderedFor.current = firebaseUser.uid;
      firebaseUserRef.current = firebaseUser;
      return establish(firebaseUser, false);
    },
    [establish],
  );

  const refreshUser = useCallback(async () => {
    const firebaseUser = firebaseUserRef.current;
    if (!firebaseUser) return null;
    renderedFor.current = firebaseUser.uid;
    return establish(firebaseUser, true);
  }, [establish]);

  const signOut = useCallback(async () => {
    if (readInAppBrowser() === 'tiktok') return;
    // The caller navigates next, to a page rendered for nobody.
    renderedFor.current = null;
    await (await authSession()).endServerSession();
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
      signedIn,
      refreshUser,
      signOut,
    };
  }, [inAppBrowser, session, getToken, signedIn, refreshUser, signOut]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
