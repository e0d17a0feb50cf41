import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@redis/client';
import mongoose from 'mongoose';
import { startRedis } from '@/tests/support/cluster';
import { freePort, startApp, startLocalDb, stopTree, waitUntil } from '@/tests/support/processes';

// The production entry (server.mjs) as a new deployment starts it: `npm start` in a checkout and the standalone output
// the Docker image runs, on empty databases, with only the documented variables; and what that entry adds to Next:
// the fail-fast start, the keep-alive timeout, the socket's address for abuse limits, the schema's fenced lease.

const league = (file: string) => JSON.parse(readFileSync(path.join(process.cwd(), 'lib', 'data', 'league', 'shipped', file), 'utf8'));
const roster = league('roster.json') as { teams: unknown[]; players: unknown[] };
const SHIPPED = { teams: roster.teams.length, players: roster.players.length };
const build = () => {
  const dir = process.env.NEXT_DIST_DIR;
  if (!dir) throw new Error('NEXT_DIST_DIR is not set: run the tests with npm test');
  return dir;
};

let dir: string;
let dbPort: number;
let db: ChildProcess;
let redis: ChildProcess;
let redisUrl: string;
const apps: ChildProcess[] = [];
let conn: mongoose.Connection;
const uriOf = (name: string) => `mongodb://127.0.0.1:${dbPort}/takes-${name}-${Date.now().toString(36)}`;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'takes-deploy-'));
  dbPort = await freePort();
  db = await startLocalDb(dbPort, dir);
  const redisPort = await freePort();
  redis = await startRedis(redisPort, dir);
  redisUrl = `redis://127.0.0.1:${redisPort}`;
  conn = await mongoose.createConnection(`mongodb://127.0.0.1:${dbPort}/admin`).asPromise();
}, 120_000);

afterAll(async () => {
  for (const app of apps) stopTree(app);
  await conn?.close();
  redis?.kill('SIGKILL');
  db?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

async function app(uri: string, env: Record<string, string> = {}, entry?: string, port?: number) {
  const started = await startApp(uri, env, entry, port);
  apps.push(started.child);
  return started;
}

describe('a new deployment', () => {
  it('stops at once with a bad environment, naming every missing or invalid variable in one message', () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      MONGODB_URI: 'postgres://wrong',
      CRON_SECRET: undefined,
      FIREBASE_AUTH_EMULATOR_HOST: undefined,
      TAKES_ALLOW_AUTH_EMULATOR: undefined,
      TAKES_TEST_CLOCK: undefined,
      FIREBASE_PROJECT_ID: 'takes-prod',
      NEXT_PUBLIC_FIREBASE_PROJECT_ID: undefined,
      NEXT_PUBLIC_SITE_URL: undefined,
    };
    const run = spawnSync(process.execPath, ['server.mjs', '--port', '0', '--hostname', '127.0.0.1'], {
      env,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^Invalid environment: \d+ variables to fix/m);
    for (const name of [
      'MONGODB_URI',
      'CRON_SECRET',
      'FIREBASE_CLIENT_EMAIL',
      'FIREBASE_PRIVATE_KEY',
      'NEXT_PUBLIC_FIREBASE_API_KEY',
      'NEXT_PUBLIC_SITE_URL',
    ]) {
      expect(run.stderr).toContain(`  ${name} `);
    }
  }, 150_000);

  it('serves the home page, 30 teams and the league on its first requests, from the standalone output with Redis named at run time', async () => {
    const uri = uriOf('standalone');
    const entry = path.join(process.cwd(), build(), 'standalone', 'server.mjs');
    const { url } = await app(uri, { REDIS_URL: redisUrl, NEXT_DIST_DIR: build(), RATE_LIMIT_SCALE: '1000' }, entry);
    const teams = await fetch(`${url}/api/teams`);
    expect(teams.status).toBe(200);
    expect(await teams.json()).toHaveLength(SHIPPED.teams);
    expect(SHIPPED.teams).toBe(30);
    expect(await (await fetch(`${url}/api/players`)).json()).toHaveLength(SHIPPED.players);
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    const html = await home.text();
    // public/ and the browser's assets are served by the standalone folder itself.
    expect((await fetch(`${url}/favicon.ico`)).status).toBe(200);
    const script = /<script[^>]+src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect((await fetch(`${url}${script}`)).status).toBe(200);
    // The data cache went to the Redis named when the server started, though the build never saw REDIS_URL.
    const client = createClient({ url: redisUrl });
    await client.connect();
    try {
      expect((await client.keys('takes:*')).length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
    // No seed ran: the server loaded the league into the empty database, under the schema's lease, once.
    const state = await conn
      .useDb(uri.split('/').at(-1)!)
      .collection('systemstate')
      .findOne({ _id: 'schema' as never });
    expect(state).toMatchObject({ builds: 1, migrations: expect.arrayContaining(['shipped-league']) });
  }, 180_000);

  it('runs the scheduled job the way the compose file does', async () => {
    const { url } = await app(uriOf('scheduler'));
    const run = spawnSync(process.execPath, ['scheduler.mjs', '--once'], {
      env: { ...process.env, TAKES_URL: url },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.stdout).toMatch(/\/api\/cron answered 200/);
    expect(run.status).toBe(0);
  }, 180_000);

  it('carries the administrators command in the standalone output, which runs there with nothing else installed', () => {
    // A copy outside the checkout, so nothing resolves from the checkout's node_modules (dev dependencies included): the
    // image has this folder alone.
    const copy = path.join(dir, 'standalone-copy');
    cpSync(path.join(process.cwd(), build(), 'standalone'), copy, { recursive: true });
    const admin = (...args: string[]) =>
      spawnSync(process.execPath, ['admin.cjs', ...args], {
        cwd: copy,
        env: { ...process.env, MONGODB_URI: uriOf('admin-command'), NODE_PATH: '' },
        encoding: 'utf8',
        timeout: 120_000,
      });
    const listed = admin('list');
    expect(listed.stderr).toBe('');
    expect(listed.stdout).toContain('no administrators named by this command');
    expect(listed.status).toBe(0);
    // Firebase's side too: the account is looked up through firebase-admin, from the copy's own packages.
    const unknown = admin('grant', 'nobody-here@example.test');
    expect(unknown.stderr).toContain('No account has the email nobody-here@example.test.');
    expect(unknown.status).toBe(2);
  }, 180_000);

  it('starts its scheduler beside the app: the first call waits until the app is healthy, so it is not a failure', async () => {
    // Compose starts the scheduler as soon as the app's container is up, while the app still prepares the database.
    const port = await freePort();
    const scheduler = spawn(process.execPath, ['scheduler.mjs'], {
      env: { ...process.env, TAKES_URL: `http://127.0.0.1:${port}`, CRON_INTERVAL_SECONDS: '3600' },
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    apps.push(scheduler);
    let said = '';
    scheduler.stdout!.on('data', (chunk: Buffer) => (said += chunk.toString()));
    await waitUntil(
      async () => said.includes('waiting for'),
      60_000,
      () => said,
    );
    await app(uriOf('scheduler-first'), {}, undefined, port);
    await waitUntil(
      async () => said.includes('/api/cron'),
      120_000,
      () => said,
    );
    const calls = said.split('\n').filter((line) => line.includes('/api/cron'));
    expect(calls[0]).toMatch(/\/api\/cron answered 200$/);
    expect(said).not.toMatch(/\/api\/cron failed/);
  }, 240_000);
});

describe('a preview deployment', () => {
  // Vercel gives its preview deployments the project's variables, production's MONGODB_URI included.
  it("never touches production's database: it prepares MONGODB_URI_PREVIEW's, or refuses to start naming it", async () => {
    const production = uriOf('production');
    const preview = uriOf('preview');
    const refused = spawnSync(process.execPath, ['server.mjs', '--port', '0', '--hostname', '127.0.0.1'], {
      env: { ...process.env, NODE_ENV: 'production', MONGODB_URI: production, VERCEL_ENV: 'preview', MONGODB_URI_PREVIEW: undefined },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('MONGODB_URI_PREVIEW is required on a preview deployment (VERCEL_ENV=preview)');
    const { url } = await app(production, { VERCEL_ENV: 'preview', MONGODB_URI_PREVIEW: preview, RATE_LIMIT_SCALE: '1000' });
    expect(await (await fetch(`${url}/api/teams`)).json()).toHaveLength(SHIPPED.teams);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    // The preview's own database has its schema and the league; production's has nothing, not even a collection.
    const named = (uri: string) => conn.useDb(uri.split('/').at(-1)!);
    expect(
      await named(preview)
        .collection('systemstate')
        .findOne({ _id: 'schema' as never }),
    ).toMatchObject({ builds: 1 });
    expect(await named(preview).collection('teams').countDocuments()).toBe(SHIPPED.teams);
    expect(await named(production).listCollections()).toEqual([]);
  }, 240_000);
});

describe('the server entry', () => {
  let url: string;
  beforeAll(async () => {
    // No proxy named (TAKES_TRUSTED_PROXY_HOPS unset) and the real limits: clients are told apart by their sockets.
    ({ url } = await app(uriOf('entry'), { RATE_LIMIT_SCALE: '1' }));
  }, 180_000);

  /** One GET through `agent`, from the loopback address `from`: its status, headers and the local port it used. */
  const get = (pathname: string, agent: http.Agent, from = '127.0.0.1', headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; localPort: number }>((resolve, reject) => {
      const request = http.get(`${url}${pathname}`, { agent, localAddress: from, headers }, (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, localPort: request.socket?.localPort ?? 0 }),
        );
      });
      request.on('error', reject);
    });

  it('keeps an idle connection open past the 5 s after which Node closes one, so a client reusing it meets no reset', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await get('/api/teams', agent);
      expect(first.status).toBe(200);
      // What the server announces: longer than the idle timeout of any common client or proxy (125 s).
      expect(first.headers['keep-alive']).toBe('timeout=125');
      // Held idle across Node's default boundary (5 s), then reused.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      const second = await get('/api/teams', agent);
      expect(second.status).toBe(200);
      expect(second.localPort).toBe(first.localPort);
    } finally {
      agent.destroy();
    }
  }, 60_000);

  it('tells clients apart by their socket address, never by a header they write', async () => {
    const agent = new http.Agent({ keepAlive: true });
    try {
      const check = (from: string, headers: Record<string, string> = {}) =>
        get(`/api/users/check-username/free${from.replaceAll('.', '')}`, agent, from, headers);
      // A visitor's username checks: 60 a minute, three times that for an address (docs/product.md#limits).
      let status = 200;
      for (let i = 0; i < 200 && status === 200; i += 1) status = (await check('127.0.0.2')).status;
      expect(status).toBe(429);
      // The same client writing another address under the entry's own header is still itself.
      expect((await check('127.0.0.2', { 'x-takes-socket-address': '127.0.0.9', 'x-forwarded-for': '127.0.0.9' })).status).toBe(429);
      // Another client is not held to its window.
      expect((await check('127.0.0.3')).status).toBe(200);
    } finally {
      agent.destroy();
    }
  }, 120_000);
});

describe('the schema lease', () => {
  it('is fenced: an instance paused past its lease stops, and the one that took over applies the version once', async () => {
    const uri = uriOf('lease');
    const name = uri.split('/').at(-1)!;
    const data = conn.useDb(name);
    // A database from before search keys: thousands of takes to key, a slow migration.
    const author = new mongoose.Types.ObjectId();
    await data
      .collection('users')
      .insertOne({ _id: author, firebaseUID: 'lease-author', username: 'leaseauthor', email: 'l@example.test' });
    const takes = Array.from({ length: 3_000 }, (_, i) => ({
      title: `Take number ${i} about the lease`,
      description: 'A migration has to key every word of this one.',
      entityKey: 'special:mvp-race',
      createdBy: author,
      createdAt: new Date(),
    }));
    await data.collection('takes').insertMany(takes);
    await data.collection('systemstate').insertOne({
      _id: 'schema' as never,
      applied: ['an-older-version'],
      migrations: ['blocks-onto-content', 'entity-topic-score', 'receipt-vote-authors', 'shipped-league'],
    });

    const env = { TAKES_SCHEMA_LEASE_SECONDS: '3', RATE_LIMIT_SCALE: '1000' };
    const first = startApp(uri, env);
    const holder = async () =>
      ((await data.collection('systemstate').findOne({ _id: 'schema' as never })) as { leaseHolder?: string } | null)?.leaseHolder;
    await waitUntil(async () => Boolean(await holder()), 120_000);
    // The first instance holds the lease and is working: it is paused (as a long GC pause or a frozen VM would).
    const pausedPid = Number((await holder())!.split(':')[1]);
    process.kill(pausedPid, 'SIGSTOP');
    let second: Awaited<ReturnType<typeof startApp>> | undefined;
    try {
      // Another instance waits out the lease, takes over, and serves once the version is applied.
      second = await startApp(uri, env);
      apps.push(second.child);
    } finally {
      process.kill(pausedPid, 'SIGCONT');
    }
    const state = (await data.collection('systemstate').findOne({ _id: 'schema' as never })) as unknown as {
      builds: number;
      appliedBy: string;
      migrations: string[];
      history: { step: string; holder: string; at: Date }[];
    };
    expect(state.builds).toBe(1);
    expect(Number(state.appliedBy.split(':')[1])).toBe(second.child.pid);
    expect(state.migrations.filter((m) => m === 'take-search-keys')).toHaveLength(1);
    expect(await data.collection('takes').countDocuments({ searchKeys: { $exists: false } })).toBe(0);
    // The paused instance, woken, finds the lease gone: it takes no step after the other began, and then serves.
    const paused = await first;
    apps.push(paused.child);
    const takeover = state.history.find((h) => !h.holder.includes(`:${pausedPid}:`))!;
    const resumed = state.history.filter((h) => h.holder.includes(`:${pausedPid}:`) && h.at > takeover.at);
    expect(resumed).toEqual([]);
    const after = (await data.collection('systemstate').findOne({ _id: 'schema' as never })) as unknown as {
      builds: number;
      history: unknown[];
    };
    expect(after).toMatchObject({ builds: 1, history: state.history });
    expect((await fetch(`${paused.url}/api/health`)).status).toBe(200);
  }, 300_000);
});
