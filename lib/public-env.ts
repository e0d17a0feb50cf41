/**
 * Values the browser needs. Next inlines NEXT_PUBLIC_* at build time only when
 * they are written out literally, hence the explicit object below. Plain
 * defaults rather than a schema, so no validator ships to every page: the
 * server checks the one that can be malformed (NEXT_PUBLIC_SITE_URL, lib/env.ts)
 * when it starts.
 */
export const publicEnv = {
  // On Vercel, unset, the project's production domain (Vercel sets NEXT_PUBLIC_VERCEL_PROJECT_PRODUCTION_URL).
  siteUrl:
    process.env.NEXT_PUBLIC_SITE_URL ||
    (process.env.NEXT_PUBLIC_VERCEL_PROJECT_PRODUCTION_URL
      ? `https://${process.env.NEXT_PUBLIC_VERCEL_PROJECT_PRODUCTION_URL}`
      : 'http://localhost:3000'),
  storageBaseUrl: process.env.NEXT_PUBLIC_STORAGE_BASE_URL || '/storage',
  firebase: {
    apiKey: process.env.NEXT_PUBLIC_FIREBASE_API_KEY || 'demo-api-key',
    authDomain: process.env.NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN || 'demo-takes.firebaseapp.com',
    projectId: process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID || 'demo-takes',
    appId: process.env.NEXT_PUBLIC_FIREBASE_APP_ID || undefined,
  },
  authEmulatorHost: process.env.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST || undefined,
};
