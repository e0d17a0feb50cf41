// GET /api/health — database and auth reachability for uptime checks.
import { adminAuth } from '@/lib/auth';
import { dbPing } from '@/lib/db';
import { env } from '@/lib/env';

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
  const emulator = env().FIREBASE_AUTH_EMULATOR_HOST;
  const [database, auth] = await Promise.all([
    check(dbPing),
    // The emulator is a local process we can reach; Google's service is assumed up.
    emulator ? check(() => fetch(`http://${emulator}/`, { signal: AbortSignal.timeout(1500) })) : check(async () => adminAuth()),
  ]);
  const ok = database && auth;
  return Response.json(
    { status: ok ? 'ok' : 'degraded', database: database ? 'up' : 'down', auth: auth ? 'up' : 'down' },
    { status: database ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  );
}
