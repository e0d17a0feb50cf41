import 'server-only';
import { cert, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { env } from '@/lib/env';

/**
 * The server's Firebase Admin app: the service account (or the emulator, or Google's default credentials), for
 * checking tokens and session cookies (lib/auth.ts, lib/session.ts) and for the operator's command that names
 * administrators (lib/data/moderation/administrators.ts). Imports nothing of Next, so that command runs outside it.
 */
function projectId(): string {
  const e = env();
  return e.FIREBASE_PROJECT_ID ?? e.NEXT_PUBLIC_FIREBASE_PROJECT_ID ?? 'demo-takes';
}

function adminApp(): App {
  const existing = getApps()[0];
  if (existing) return existing;
  const e = env();
  if (e.FIREBASE_AUTH_EMULATOR_HOST || !e.FIREBASE_CLIENT_EMAIL || !e.FIREBASE_PRIVATE_KEY) {
    // The emulator needs only a project id; on Google's hosts the default credentials apply.
    return initializeApp({ projectId: projectId() });
  }
  return initializeApp({
    projectId: projectId(),
    credential: cert({
      projectId: projectId(),
      clientEmail: e.FIREBASE_CLIENT_EMAIL,
      // Hosts store the key's newlines escaped.
      privateKey: e.FIREBASE_PRIVATE_KEY.replace(/\\n/g, '\n'),
    }),
  });
}

/** Firebase Auth as the server administers it: verifying tokens and cookies, and managing accounts. */
export function adminAuth() {
  return getAuth(adminApp());
}
