// @ts-check
// The local stack: database + auth emulator, or whatever the environment names instead.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { freePort, isPortFree, ROOT, say, SetupError, startAuthEmulator, startLocalDb } from './services.mjs';

/** @typedef {{ MONGODB_URI: string; FIREBASE_AUTH_EMULATOR_HOST?: string } & Record<string, string>} StackEnv */

export const DEV_PORTS = { db: 27017, auth: 9099, web: 3000 };
export const DEMO_PROJECT = 'demo-takes';
// The demo seed's moderator (scripts/seed-lib/social-data.ts, admin@takes.test): an admin wherever the emulator runs.
export const DEMO_ADMIN_UID = 'demo-commish';

/** Loads .env.local and .env (without overriding real environment variables). */
export function loadDotEnv() {
  for (const file of ['.env.local', '.env']) {
    const full = path.join(ROOT, file);
    if (existsSync(full)) process.loadEnvFile(full);
  }
}

/**
 * Starts what is missing and returns the variables that point the app at it.
 * `ephemeral` picks free ports and a throwaway data dir (tests); otherwise the
 * dev ports are used and, with `reuseRunning`, services already on them are reused.
 * @param {{ dataDir: string; dbName?: string; ephemeral?: boolean; reuseRunning?: boolean; persistAuth?: boolean }} options
 * @returns {Promise<{ env: StackEnv; stop: () => Promise<void> }>}
 */
export async function localStack({ dataDir, dbName = 'takes', ephemeral = false, reuseRunning = false, persistAuth = false }) {
  /** @type {Record<string, string>} */
  const env = {};
  /** @type {(() => Promise<void>)[]} */
  const stops = [];
  const stop = async () => {
    for (const fn of stops.reverse()) await fn();
  };

  try {
    if (process.env.MONGODB_URI) {
      env.MONGODB_URI = process.env.MONGODB_URI;
      say('database', 'using MONGODB_URI');
    } else {
      let port = ephemeral ? await freePort() : DEV_PORTS.db;
      if (!ephemeral && !(await isPortFree(port))) {
        if (!reuseRunning) throw new SetupError(`port ${port} is busy: stop what is using it (another npm run dev?) or set MONGODB_URI.`);
        say('database', `reusing the local database on 127.0.0.1:${port}`);
      } else {
        // Tests and the benchmark start from nothing each time; `npm run dev` keeps what fans post.
        const store = ephemeral ? undefined : path.join(dataDir, 'db', 'takes.mv.db');
        const db = await startLocalDb({ port, store, logFile: path.join(dataDir, 'localdb.log') });
        stops.push(db.stop);
        say('database', `mongo-java-server on 127.0.0.1:${port} (${store ? path.relative(ROOT, store) : 'in memory'})`);
      }
      env.MONGODB_URI = `mongodb://127.0.0.1:${port}/${dbName}`;
    }

    const realFirebase = process.env.NEXT_PUBLIC_FIREBASE_API_KEY && !process.env.FIREBASE_AUTH_EMULATOR_HOST;
    if (process.env.FIREBASE_AUTH_EMULATOR_HOST || realFirebase) {
      say(
        'auth',
        realFirebase
          ? 'using the Firebase project from the environment'
          : `using the emulator at ${process.env.FIREBASE_AUTH_EMULATOR_HOST}`,
      );
      if (process.env.FIREBASE_AUTH_EMULATOR_HOST) env.FIREBASE_AUTH_EMULATOR_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    } else {
      let port = ephemeral ? await freePort() : DEV_PORTS.auth;
      if (!ephemeral && !(await isPortFree(port))) {
        if (!reuseRunning)
          throw new SetupError(`port ${port} is busy: stop what is using it (another npm run dev?) or set FIREBASE_AUTH_EMULATOR_HOST.`);
        say('auth', `reusing the auth emulator on 127.0.0.1:${port}`);
      } else {
        const emulator = await startAuthEmulator({
          port,
          projectId: DEMO_PROJECT,
          workDir: path.join(dataDir, 'firebase'),
          persistDir: persistAuth ? path.join(dataDir, 'auth') : undefined,
        });
        stops.push(emulator.stop);
        say('auth', `Firebase Auth emulator on 127.0.0.1:${port}`);
      }
      Object.assign(env, {
        FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${port}`,
        NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${port}`,
        FIREBASE_PROJECT_ID: DEMO_PROJECT,
        NEXT_PUBLIC_FIREBASE_PROJECT_ID: DEMO_PROJECT,
        TAKES_ADMIN_UIDS: process.env.TAKES_ADMIN_UIDS ?? DEMO_ADMIN_UID,
      });
    }
    // The scheduled job's secret (app/api/cron): one per stack, which its servers and callers share.
    env.CRON_SECRET = process.env.CRON_SECRET ?? randomBytes(24).toString('hex');
  } catch (error) {
    await stop();
    throw error;
  }
  return { env: /** @type {StackEnv} */ (env), stop };
}
