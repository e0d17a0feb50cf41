import { z } from 'zod';

/** GET /api/health: each part on its own, so an uptime check or an operator sees which one is wrong. */
export const healthAnswer = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  // Who signs fans in: the local emulator, or a Firebase project with a service account (a key, or Google's own
  // credentials); `up` when the emulator answers or firebase-admin is configured.
  auth: z.enum(['up', 'down']),
  authConfig: z.object({ mode: z.enum(['emulator', 'service-account', 'google-credentials']), projectId: z.string() }),
  // This release's schema version, and whether the database has it applied (null while the database is down).
  schema: z.object({ version: z.string(), applied: z.boolean().nullable() }),
});
export type HealthAnswer = z.output<typeof healthAnswer>;
