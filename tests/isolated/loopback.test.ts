import { spawn, type ChildProcess } from 'node:child_process';
import mongoose from 'mongoose';
import { listenersOf, processesListeningOn, processTree, type Listener } from '@/tests/support/listeners';
import { freePort, stopTree, waitUntil } from '@/tests/support/processes';

// `npm run dev` believes the auth emulator's unsigned tokens: whatever it starts must be reachable from this machine
// only, or anyone on the same network could sign in as anyone, the demo moderator too (issue #26).

const exposed = (list: Listener[]) => list.filter((l) => !l.loopback).map((l) => `${l.address}:${l.port}`);

let dev: ChildProcess | undefined;
let db: mongoose.Connection | undefined;

afterAll(async () => {
  if (dev) stopTree(dev);
  await db?.dropDatabase();
  await db?.close();
});

it('the database and the auth emulator npm run dev starts listen on 127.0.0.1 only, every port of theirs', () => {
  // npm test started them with the functions npm run dev uses (scripts/lib/services.mjs).
  const dbPort = Number(new URL(process.env.MONGODB_URI!).port);
  const authPort = Number(process.env.FIREBASE_AUTH_EMULATOR_HOST!.split(':')[1]);
  for (const port of [dbPort, authPort]) {
    const owners = processesListeningOn(port);
    expect(owners.length).toBeGreaterThan(0);
    const sockets = listenersOf(owners);
    expect(sockets.map((l) => l.port)).toContain(port);
    expect(exposed(sockets)).toEqual([]);
  }
});

it('npm run dev serves the site on 127.0.0.1 only', async () => {
  // Its own database, holding a take already so the demo content is not seeded; no emulator of its own: a Firebase
  // config of its own makes it start none, so only the web server is new.
  const uri = process.env.MONGODB_URI!.replace(/\/[^/]*$/, `/takes-loopback-${Date.now().toString(36)}`);
  db = await mongoose.createConnection(uri).asPromise();
  await db.collection('takes').insertOne({ title: 'present' });
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'development',
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LOCALDB_BIN: process.env.LOCALDB_BIN,
    PORT: String(port),
    MONGODB_URI: uri,
    NEXT_PUBLIC_FIREBASE_API_KEY: 'loopback-test',
    NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'demo-loopback',
    CRON_SECRET: process.env.CRON_SECRET,
    // The test build's folder: next dev keeps to its dev/ subfolder there, apart from the build and from a running npm run dev.
    NEXT_DIST_DIR: process.env.NEXT_DIST_DIR,
    NEXT_TELEMETRY_DISABLED: '1',
  };
  const started = spawn(process.execPath, ['scripts/dev.mjs'], { env, stdio: 'ignore', detached: true });
  dev = started;
  const tree = () => processTree(started.pid!);
  await waitUntil(async () => listenersOf(tree()).some((l) => l.port === port), 120_000);
  const sockets = listenersOf(tree());
  expect(sockets.map((l) => l.port)).toContain(port);
  expect(exposed(sockets)).toEqual([]);
}, 150_000);
