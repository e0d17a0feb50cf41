// GET /api/health — the database, the auth configuration and the schema version, each on its own, for uptime checks.
import { adminAuth } from '@/lib/firebase-admin';
import { SCHEMA_VERSION, schemaApplied } from '@/lib/data/maintenance/schema';
import { dbPing } from '@/lib/db';
import { env } from '@/lib/env';
import { log } from '@/lib/log';
import type { HealthAnswer } from '@/lib/validation/health';

export const dynamic = 'force-dynamic';

// The answer says only up or down; the log says why, for the operator whose uptime check just failed.
async function check(part: 'database' | 'auth', fn: () => Promise<unknown>): Promise<boolean> {
  try {
    await fn();
    return true;
  } catch (error) {
    log.warn({ part, err: error instanceof Error ? { name: error.name, message: error.message } : String(error) }, 'health check failed');
    return false;
  }
}

export async function GET() {
  const e = env();
  const emulator = e.FIREBASE_AUTH_EMULATOR_HOST;
  const [database, auth] = await Promise.all([
    check('database', dbPing),
    // The emulator is a local process we can reach; Google's service is assumed up.
    emulator
      ? check('auth', () => fetch(`http://${emulator}/`, { signal: AbortSignal.timeout(1500) }))
      : check('auth', async () => adminAuth()),
  ]);
  const applied = database ? await schemaApplied().catch(() => null) : null;
  const answer: HealthAnswer = {
    status: database && auth && applied ? 'ok' : 'degraded',
    database: database ? 'up' : 'down',
    auth: auth ? 'up' : 'down',
    authConfig: {
      mode: emulator ? 'emulator' : e.FIREBASE_CLIENT_EMAIL ? 'service-account' : 'google-credentials',
      projectId: e.FIREBASE_PROJECT_ID ?? e.NEXT_PUBLIC_FIREBASE_PROJECT_ID ?? 'demo-takes',
    },
    schema: { version: SCHEMA_VERSION, applied },
  };
  return Response.json(answer, { status: database ? 200 : 503, headers: { 'Cache-Control': 'no-store' } });
}
