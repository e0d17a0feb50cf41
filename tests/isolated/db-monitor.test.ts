import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { freePort, startLocalDb, stopTree, waitUntil } from '@/tests/support/processes';

// lib/db.ts on a database process of this file's own, which it stops; the module is loaded after MONGODB_URI names it.
const dir = mkdtempSync(path.join(os.tmpdir(), 'takes-db-monitor-'));
let db: ChildProcess;
let port: number;
let lib: typeof import('@/lib/db');
const suiteUri = process.env.MONGODB_URI;

beforeAll(async () => {
  port = await freePort();
  db = await startLocalDb(port, dir);
  process.env.MONGODB_URI = `mongodb://127.0.0.1:${port}/takes-db-monitor`;
  lib = await import('@/lib/db');
  await lib.dbPing();
});

afterAll(async () => {
  await lib.dbDisconnect();
  stopTree(db, 'SIGKILL');
  if (suiteUri === undefined) delete process.env.MONGODB_URI;
  else process.env.MONGODB_URI = suiteUri;
  rmSync(dir, { recursive: true, force: true });
});

/** The driver's monitor of the one server the connection knows, reached through the driver's internals. */
function monitorOf(client: unknown): { close(): void } {
  const topology = (client as { topology: { s: { servers: Map<string, { monitor: { close(): void } }> } } }).topology;
  return [...topology.s.servers.values()][0]!.monitor;
}

it('answers again once the database is back, even when the driver monitor fell silent during the outage', async () => {
  // What the outage under load left behind (tests/isolated/outage.test.ts): a monitor that never reports again, and a server
  // the driver marked unknown when the database died under writes in flight.
  monitorOf(mongoose.connection.getClient()).close();
  const probes = mongoose.connection.db!.collection('probe');
  const inFlight = Promise.allSettled(Array.from({ length: 40 }, (_, i) => probes.insertOne({ i, pad: 'x'.repeat(100_000) })));
  db.kill('SIGKILL');
  await new Promise((resolve) => db.once('exit', resolve));
  expect((await inFlight).some((write) => write.status === 'rejected')).toBe(true);
  await expect(lib.dbPing()).rejects.toThrow();
  db = await startLocalDb(port, dir);

  let last: unknown;
  await waitUntil(
    () =>
      lib.dbPing().then(
        () => true,
        (error: unknown) => ((last = error), false),
      ),
    60_000,
    () => `last ping error: ${String(last)}`,
  );
  const stored = await mongoose.connection.db!.collection('probe').insertOne({ at: new Date() });
  expect(stored.acknowledged).toBe(true);
}, 90_000);
