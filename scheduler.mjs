// @ts-check
// The scheduled job for a self-hosted deployment (the compose file's `scheduler` service; Vercel Cron does this on
// Vercel): calls GET /api/cron with CRON_SECRET, now and then every CRON_INTERVAL_SECONDS (default an hour). The job
// may run on any instance, twice at once, or after a missed run (docs/deploy.md); a failed call is retried next time.
// It reads the environment files the server beside it reads (.env.production and the others Next loads, from this
// file's folder), and takes an empty variable as one not set, as the server does.
// Its first call waits until the app answers /api/health with 200 (started together, the app is still preparing the
// database when this starts), so the first run is not a failure in the log.
//   TAKES_URL=http://app:3000 CRON_SECRET=… node scheduler.mjs [--once]
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const dropEmpty = () => {
  for (const [name, value] of Object.entries(process.env)) if (value?.trim() === '') delete process.env[name];
};
dropEmpty();
createRequire(require.resolve('next/package.json'))('@next/env').loadEnvConfig(path.dirname(fileURLToPath(import.meta.url)), false);
dropEmpty();

const base = process.env.TAKES_URL ?? 'http://127.0.0.1:3000';
const secret = process.env.CRON_SECRET;
const every = Number(process.env.CRON_INTERVAL_SECONDS ?? 3600);
if (!secret) {
  process.stderr.write('scheduler: CRON_SECRET is required (the same value the server has).\n');
  process.exit(1);
}
if (!Number.isInteger(every) || every < 60) {
  process.stderr.write('scheduler: CRON_INTERVAL_SECONDS must be a whole number of seconds, at least 60.\n');
  process.exit(1);
}

async function run() {
  try {
    const reply = await fetch(`${base}/api/cron`, { headers: { Authorization: `Bearer ${secret}` }, signal: AbortSignal.timeout(120_000) });
    process.stdout.write(`scheduler: ${new Date().toISOString()} /api/cron answered ${reply.status}\n`);
    return reply.ok;
  } catch (error) {
    process.stdout.write(`scheduler: ${new Date().toISOString()} /api/cron failed: ${error instanceof Error ? error.message : error}\n`);
    return false;
  }
}

/** How often to ask the app's health while waiting for it, and how often to say so in the log. */
const HEALTH_POLL_MS = 2_000;
const WAITING_NOTE_MS = 30_000;

/** True once /api/health answers 200; false when it has not after `limitMs` (no limit when not given). */
async function appHealthy(limitMs = Infinity) {
  const started = Date.now();
  let nextNote = 0;
  for (;;) {
    const reply = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) }).catch(() => null);
    if (reply?.ok) return true;
    const waited = Date.now() - started;
    const answer = reply ? `it answered ${reply.status}` : 'no answer';
    if (waited >= limitMs) {
      process.stdout.write(
        `scheduler: ${new Date().toISOString()} ${base}/api/health never answered 200 (${answer}); not calling /api/cron\n`,
      );
      return false;
    }
    if (waited >= nextNote) {
      process.stdout.write(`scheduler: ${new Date().toISOString()} waiting for ${base}/api/health to answer 200 (${answer})\n`);
      nextNote = waited + WAITING_NOTE_MS;
    }
    await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS));
  }
}

// Once (from cron), a minute at most for an app that is starting; as a service, as long as it takes.
if (process.argv.includes('--once')) process.exit((await appHealthy(60_000)) && (await run()) ? 0 : 1);
await appHealthy();
await run();
setInterval(() => void run(), every * 1000);
