// @ts-check
// The data tier's database: the local engine (mongo-java-server, in memory) on a free port, started once for the whole
// run, as scripts/lib/stack.mjs starts it for the other suites (with MONGODB_URI already set, as npm test sets it for
// every suite, that engine is used instead). On it, one database prepared as a new deployment's is
// (tests/data/support/prepare-template.ts), which every test file copies into a database of its own
// (tests/data/support/database.ts) instead of preparing its own from nothing.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, ROOT, say, startLocalDb } from '../../../scripts/lib/services.mjs';

export default async function globalSetup() {
  /** @type {(() => Promise<void>) | null} */
  let stop = null;
  if (!process.env.MONGODB_URI) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'takes-data-'));
    const port = await freePort();
    const db = await startLocalDb({ port, logFile: path.join(dir, 'localdb.log') });
    say('database', `mongo-java-server on 127.0.0.1:${port} (in memory) for the data tests`);
    // Read by the test files' workers, which start after this and inherit the variable.
    process.env.MONGODB_URI = db.uri;
    stop = async () => {
      await db.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const template = `data-template-${randomBytes(4).toString('hex')}`;
  execFileSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'tests/data/support/prepare-template.ts'], {
    cwd: ROOT,
    env: { ...process.env, MONGODB_URI: process.env.MONGODB_URI.replace(/\/[^/]*$/, `/${template}`), FIREBASE_PROJECT_ID: 'demo-takes' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  process.env.DATA_TEMPLATE_DB = template;
  // Handed to globalTeardown, which runs in this process.
  Object.assign(globalThis, { __takesDataDb: { template, stop } });
}
