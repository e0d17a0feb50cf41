import { z } from 'zod';

/**
 * Values the browser needs. Next inlines NEXT_PUBLIC_* at build time only when
 * they are written out literally, hence the explicit object below.
 */
const schema = z.object({
  siteUrl: z.url().default('http://localhost:3000'),
  storageBaseUrl: z.string().min(1).default('/storage'),
  firebase: z.object({
    apiKey: z.string().min(1).default('demo-api-key'),
    authDomain: z.string().min(1).default('demo-takes.firebaseapp.com'),
    projectId: z.string().min(1).default('demo-takes'),
    appId: z.string().optional(),
  }),
  authEmulatorHost: z.string().optional(),
});

export const publicEnv = schema.parse({
  siteUrl: process.env.NEXT_PUBLIC_SITE_URL || undefined,
  storageBaseUrl: process.env.NEXT_PUBLIC_STORAGE_BASE_URL || undefined,
  firebase: {
    apiKey: process.env.NEXT_PUBLIC_FIREBASE_API_KEY || undefined,
    authDomain: process.env.NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN || undefined,
    projectId: process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID || undefined,
    appId: process.env.NEXT_PUBLIC_FIREBASE_APP_ID || undefined,
  },
  authEmulatorHost: process.env.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST || undefined,
});
