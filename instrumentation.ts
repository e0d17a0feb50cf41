/**
 * Runs once when a server process starts, before it serves: server.mjs awaits it before it listens, `next dev` while
 * it prepares, a Vercel function before its first request. Never during `next build` (Next skips it there), so a
 * build opens no database connection.
 * - A bad environment stops the server here, with one message naming every missing or invalid variable (lib/env.ts).
 * - With OTEL_EXPORTER_OTLP_ENDPOINT set, traces are exported there (lib/tracing.ts); started before the database
 *   driver is first loaded, whose commands it follows. Without it nothing of OpenTelemetry is loaded.
 * - This release's schema, the data migrations and, on a new database, the shipped league are applied once, under a
 *   lease, by whichever instance comes first (lib/data/maintenance/schema.ts); the others wait for it. lib/db.ts runs
 *   that step on the process's first connection, so a database that cannot be reached yet gets it on the first
 *   request that finds it, and nothing reads or writes before it is done.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { env } = await import('@/lib/env');
  if (env().OTEL_EXPORTER_OTLP_ENDPOINT) (await import('@/lib/tracing')).startTracing();
  const [{ dbConnect, prepareConnectionWith }, { ensureSchema }, { log }] = await Promise.all([
    import('@/lib/db'),
    import('@/lib/data/maintenance/schema'),
    import('@/lib/log'),
  ]);
  prepareConnectionWith(ensureSchema);
  try {
    await dbConnect();
  } catch (error) {
    log.warn(
      { err: error instanceof Error ? error.message : String(error) },
      'database not reachable at start; the first request that reaches it prepares it',
    );
  }
}
