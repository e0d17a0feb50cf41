import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { call, postTake, signUp } from '@/tests/support/api';
import { freePort, startApp, startLocalDb, stopTree } from '@/tests/support/processes';

// A restore, as docs/operating.md describes it for what the local engine can show: the documents of a live database
// copied into a new one without its indexes (what `mongorestore --noIndexRestore` leaves), the schema marked not
// applied, and a server started on the copy, which rebuilds the indexes under the lease, runs no migration again,
// and serves the same league, fans and takes. (mongodump itself cannot be installed from the registries the project's
// machines reach, and the local engine keeps no secondary index to restore.)

let dir: string;
let db: ChildProcess;
let conn: mongoose.Connection;
const apps: ChildProcess[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'takes-backup-'));
  const port = await freePort();
  db = await startLocalDb(port, dir);
  conn = await mongoose.createConnection(`mongodb://127.0.0.1:${port}/admin`).asPromise();
  process.env.BACKUP_DB_PORT = String(port);
}, 120_000);

afterAll(async () => {
  for (const app of apps) stopTree(app);
  await conn?.close();
  db?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

type SchemaState = { applied: string[]; migrations: string[]; builds: number; history: { step: string; holder: string }[] };

it('brings a database back from a copy of its documents: the first server rebuilds its indexes once, runs no migration again, and serves it', async () => {
  const name = `takes-live-${Date.now().toString(36)}`;
  const uri = `mongodb://127.0.0.1:${process.env.BACKUP_DB_PORT}/${name}`;
  const live = await startApp(uri, { RATE_LIMIT_SCALE: '1000' });
  apps.push(live.child);
  process.env.API_BASE_URL = live.url;
  const author = await signUp('backup');
  const fan = await signUp('backupfan');
  const take = await postTake(author, { title: 'Kept through a restore' });
  expect((await call('POST', '/api/user-action', { token: fan.idToken, body: { actionType: 'like', postID: take._id } })).status).toBe(200);

  // The copy: every collection's documents, none of its indexes.
  const source = conn.useDb(name);
  const copy = conn.useDb(`${name}-restored`);
  for (const { name: collection } of await source.db!.listCollections().toArray()) {
    const docs = await source.collection(collection).find({}).toArray();
    if (docs.length) await copy.collection(collection).insertMany(docs);
  }
  const before = (await copy.collection('systemstate').findOne({ _id: 'schema' as never })) as unknown as SchemaState;
  await copy.collection('systemstate').updateOne({ _id: 'schema' as never }, { $set: { applied: [] } });

  const restored = await startApp(`mongodb://127.0.0.1:${process.env.BACKUP_DB_PORT}/${name}-restored`, { RATE_LIMIT_SCALE: '1000' });
  apps.push(restored.child);
  const after = (await copy.collection('systemstate').findOne({ _id: 'schema' as never })) as unknown as SchemaState;
  // Applied again, by one build of the indexes, and no migration run again.
  expect(after.applied).toEqual(before.applied);
  expect(after.builds).toBe(before.builds + 1);
  expect(after.migrations).toEqual(before.migrations);
  const steps = after.history.slice(before.history.length).map((h) => h.step);
  expect(steps.filter((step) => step.startsWith('indexes:')).length).toBeGreaterThan(0);
  expect(steps.filter((step) => step.startsWith('migration'))).toEqual([]);

  // The same site: the league, the take with its like, the fans signing in as before (their accounts are Firebase's).
  const on = { base: restored.url };
  expect((await call('GET', '/api/teams', on)).body).toHaveLength(30);
  expect((await call('GET', `/api/takes/${take._id}`, on)).body).toMatchObject({ title: 'Kept through a restore', likes: 1 });
  expect((await call('GET', `/api/users/users/${fan.uid}`, { ...on, token: fan.idToken })).body).toMatchObject({ username: fan.username });
}, 300_000);
