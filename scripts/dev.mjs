// @ts-check
// `npm run dev`: installs what is missing, starts the local database and the
// auth emulator, seeds an empty database, then runs Next on port 3000 through the
// server entry (server.mjs --dev), so development has production's timeouts and
// client addresses.
// Ctrl-C stops everything it started.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { DEV_PORTS, loadDotEnv, localStack } from './lib/stack.mjs';
import { ensureDependencies, requireFreePort, ROOT, say, SetupError } from './lib/services.mjs';
import { routesToWarm, warmRoutes } from './lib/warm-up.mjs';

/** How often `npm run dev` runs the scheduled job (app/api/cron). */
const SCHEDULED_JOB_MS = 60_000;

/** @type {Awaited<ReturnType<typeof localStack>> | undefined} */
let stack;
try {
  ensureDependencies();
  loadDotEnv();
  const port = Number(process.env.PORT ?? DEV_PORTS.web);
  await requireFreePort(port, 'the web server', 'stop what is using it or run with PORT=3001 npm run dev.');
  const local = await localStack({ dataDir: path.join(ROOT, '.data'), persistAuth: true });
  stack = local;
  const env = { ...process.env, ...local.env };

  const seed = spawnSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/seed.ts', '--if-empty'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  if (seed.status !== 0) throw new SetupError('seeding the database failed; see the output above.');
  say('seed', seed.stdout.trim().replace(/^seed: /, ''));

  // Loopback only, as the database and the emulator (scripts/lib/services.mjs): this server believes the emulator's
  // unsigned tokens, so anyone who could reach it could sign in as anyone, the demo moderator too.
  const next = spawn(process.execPath, [path.join(ROOT, 'server.mjs'), '--dev', '--port', String(port), '--hostname', '127.0.0.1'], {
    cwd: ROOT,
    env,
    stdio: ['inherit', 'pipe', 'inherit'],
  });
  // What Vercel Cron does in production (vercel.json), on a shorter timer: the scheduled job, through its route.
  const runScheduledJob = () =>
    fetch(`http://127.0.0.1:${port}/api/cron`, {
      headers: { Authorization: `Bearer ${env.CRON_SECRET}` },
      signal: AbortSignal.timeout(50_000),
    })
      .then((reply) => reply.ok || say('cron', `the scheduled job answered ${reply.status}`))
      .catch(() => undefined);
  let announced = false;
  /** @type {NodeJS.Timeout | undefined} */
  let cron;
  next.stdout.on('data', (chunk) => {
    const text = chunk.toString();
    if (!announced && /server on http/.test(text)) {
      announced = true;
      say('web', `http://localhost:${port}  (demo login: demo@takes.test / takes-demo-1; moderator: admin@takes.test)`);
      cron = setInterval(runScheduledJob, SCHEDULED_JOB_MS);
      // Compiles every route ahead of its first request, so a fan's first answer is not a compile (scripts/lib/warm-up.mjs).
      void warmRoutes(`http://127.0.0.1:${port}`, routesToWarm(path.join(ROOT, 'app'))).then(({ routes, ms }) => {
        if (!stopping) say('web', `${routes} routes compiled ahead of their first request (${(ms / 1000).toFixed(0)} s)`);
      });
    }
    if (/error|warn/i.test(text)) process.stdout.write(text);
  });

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    clearInterval(cron);
    say('stop', 'stopping…');
    next.kill('SIGTERM');
    await local.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  next.on('exit', (code) => {
    if (!stopping) {
      say('web', `Next exited (code ${code})`);
      void shutdown();
    }
  });
} catch (error) {
  await stack?.stop();
  if (error instanceof SetupError) {
    console.error(`error: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
