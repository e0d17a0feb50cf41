import type { Auth } from 'firebase/auth';
import { publicEnv } from '@/lib/public-env';

let loading: Promise<Auth> | undefined;
let loaded: Auth | undefined;
const loadListeners = new Set<(auth: Auth) => void>();

async function createAuth(): Promise<Auth> {
  // Loaded on demand: most visitors read signed out, and the SDK is the largest script a page would otherwise carry.
  const [{ getApp, getApps, initializeApp }, { browserLocalPersistence, connectAuthEmulator, getAuth, initializeAuth }] = await Promise.all(
    [import('firebase/app'), import('firebase/auth')],
  );
  let auth: Auth;
  // A hot reload re-evaluates this module while the app (and its Auth) survive, and initializeAuth throws when
  // called twice for one app.
  if (getApps().length > 0) auth = getAuth(getApp());
  else {
    const { apiKey, authDomain, projectId, appId } = publicEnv.firebase;
    // No popup resolver here: Google sign-in passes its own (lib/client/google-auth.ts), so pages without it skip that code.
    auth = initializeAuth(initializeApp({ apiKey, authDomain, projectId, appId }), { persistence: browserLocalPersistence });
  }
  if (publicEnv.authEmulatorHost && !auth.emulatorConfig) {
    connectAuthEmulator(auth, `http://${publicEnv.authEmulatorHost}`, { disableWarnings: true });
  }
  loaded = auth;
  for (const listener of loadListeners) listener(auth);
  return auth;
}

/**
 * The browser's Firebase Auth instance, created on first use so that nothing
 * touches `window` during server rendering.
 */
export function firebaseAuth(): Promise<Auth> {
  if (!loading) {
    loading = createAuth();
    // A failed load (offline) is retried by the next caller rather than remembered.
    loading.catch(() => {
      loading = undefined;
    });
  }
  return loading;
}

/** The instance once loaded: a popup must open inside the click that asked for it, with no await before it. */
export function loadedFirebaseAuth(): Auth | undefined {
  return loaded;
}

/** Calls `listener` with the Auth instance once something has loaded it (at once when it already is). */
export function onFirebaseAuthLoaded(listener: (auth: Auth) => void): () => void {
  if (loaded) listener(loaded);
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
