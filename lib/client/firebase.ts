import type { Auth } from 'firebase/auth';
import { publicEnv } from '@/lib/public-env';

/** The SDK's functions (`signInWithEmailAndPassword`, …), loaded with the instance and never in a page's first load. */
export type AuthSdk = typeof import('firebase/auth');
export type LoadedAuth = { auth: Auth; sdk: AuthSdk };

let loading: Promise<LoadedAuth> | undefined;
let loaded: LoadedAuth | undefined;
const loadListeners = new Set<(auth: Auth) => void>();

async function createAuth(): Promise<LoadedAuth> {
  // Loaded on demand: most visitors read signed out, and the SDK is the largest script a page would otherwise carry.
  // The sign-in forms take its functions from here too, so no page imports it statically.
  const [{ getApp, getApps, initializeApp }, sdk] = await Promise.all([import('firebase/app'), import('firebase/auth')]);
  const { browserLocalPersistence, connectAuthEmulator, getAuth, initializeAuth } = sdk;
  let auth: Auth;
  // A hot reload re-evaluates this module while the app (and its Auth) survive, and initializeAuth throws when
  // called twice for one app.
  if (getApps().length > 0) auth = getAuth(getApp());
  else {
    const { apiKey, authDomain, projectId, appId } = publicEnv().firebase;
    // No popup resolver here: Google sign-in passes its own (lib/client/google-auth.ts), so pages without it skip that code.
    auth = initializeAuth(initializeApp({ apiKey, authDomain, projectId, appId }), { persistence: browserLocalPersistence });
  }
  if (publicEnv().authEmulatorHost && !auth.emulatorConfig) {
    connectAuthEmulator(auth, `http://${publicEnv().authEmulatorHost}`, { disableWarnings: true });
  }
  loaded = { auth, sdk };
  for (const listener of loadListeners) listener(auth);
  return loaded;
}

/** The Auth instance and the SDK's functions, loading both on first use. */
export function firebaseAuthSdk(): Promise<LoadedAuth> {
  if (!loading) {
    loading = createAuth();
    // A failed load (offline) is retried by the next caller rather than remembered.
    loading.catch(() => {
      loading = undefined;
    });
  }
  return loading;
}

/**
 * The browser's Firebase Auth instance, created on first use so that nothing
 * touches `window` during server rendering.
 */
export async function firebaseAuth(): Promise<Auth> {
  return (await firebaseAuthSdk()).auth;
}

/** The instance and the SDK once loaded: a popup must open inside the click that asked for it, with no await before it. */
export function loadedFirebaseAuthSdk(): LoadedAuth | undefined {
  return loaded;
}

/** Calls `listener` with the Auth instance once something has loaded it (at once when it already is). */
export function onFirebaseAuthLoaded(listener: (auth: Auth) => void): () => void {
  if (loaded) listener(loaded.auth);
  else loadListeners.add(listener);
  return () => loadListeners.delete(listener);
}

/** The key prefix the SDK's local persistence stores a signed-in account under (`firebase:authUser:<apiKey>:<app>`). */
export const STORED_ACCOUNT_PREFIX = 'firebase:authUser:';

/**
 * Whether this browser may hold a signed-in account, read without loading the
 * SDK: local persistence keeps it in localStorage. When storage cannot be read,
 * the answer is yes, so the SDK is loaded and asked.
 */
export function mayHaveStoredAccount(): boolean {
  try {
    return Object.keys(window.localStorage).some((key) => key.startsWith(STORED_ACCOUNT_PREFIX));
  } catch {
    return true;
  }
}
