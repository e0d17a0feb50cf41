// @ts-check
// The data tier's database: the local engine (mongo-java-server, in memory) on a free port, started once for the whole
// run, as scripts/lib/stack.mjs starts it for the other suites. Each test file then works in a database of its own on it
// (tests/data/support/database.ts). With MONGODB_URI already set (npm test starts one engine for every suite), that one
// is used instead.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, say, startLocalDb } from '../../../scripts/lib/services.mjs';

export default async function globalSetup() {
  if (process.env.MONGODB_URI) return;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'takes-data-'));
  const port = await freePort();
  const db = await startLocalDb({ port, logFile: path.join(dir, 'localdb.log') });
  say('database', `mongo-java-server on 127.0.0.1:${port} (in memory) for the data tests`);
  // Read by the test files' workers, which start after this and inherit the variable.
  process.env.MONGODB_URI = db.uri;
  // Handed to globalTeardown, which runs in this process.
  Object.assign(globalThis, {
    __takesDataDb: async () => {
      await db.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  });
}
