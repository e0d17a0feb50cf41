import { getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  getAuth,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import { publicEnv } from '@/lib/public-env';

let auth: Auth | undefined;

function firebaseApp(): { app: FirebaseApp; existed: boolean } {
  if (getApps().length > 0) return { app: getApp(), existed: true };
  const { apiKey, authDomain, projectId, appId } = publicEnv.firebase;
  return { app: initializeApp({ apiKey, authDomain, projectId, appId }), existed: false };
}

/**
 * The browser's Firebase Auth instance, created on first use so that nothing
 * touches `window` during server rendering.
 */
export function firebaseAuth(): Auth {
  if (auth) return auth;
  const { app, existed } = firebaseApp();
  // A hot reload re-evaluates this module while the app (and its Auth) survive,
  // and initializeAuth throws when called twice for one app.
  auth = existed
    ? getAuth(app)
    : initializeAuth(app, { persistence: browserLocalPersistence, popupRedirectResolver: browserPopupRedirectResolver });
  if (publicEnv.authEmulatorHost && !auth.emulatorConfig) {
    connectAuthEmulator(auth, `http://${publicEnv.authEmulatorHost}`, { disableWarnings: true });
  }
  return auth;
}
