// GET /api/health — the database, the auth configuration and the schema version, each on its own, for uptime checks.
import { adminAuth } from '@/lib/auth';
import { SCHEMA_VERSION, schemaApplied } from '@/lib/data/maintenance/schema';
import { dbPing } from '@/lib/db';
import { env } from '@/lib/env';
import type { HealthAnswer } from '@/lib/validation/health';

export const dynamic = 'force-dynamic';

async function check(fn: () => Promise<unknown>): Promise<boolean> {
  try {
    await fn();
    return true;
  } catch {
    return false;
  }
}

export async function GET() {
  const e = env();
  const emulator = e.FIREBASE_AUTH_EMULATOR_HOST;
  const [database, auth] = await Promise.all([
    check(dbPing),
    // The emulator is a local process we can reach; Google's service is assumed up.
    emulator ? check(() => fetch(`http://${emulator}/`, { signal: AbortSignal.timeout(1500) })) : check(async () => adminAuth()),
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
