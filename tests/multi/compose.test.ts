import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import { connect } from 'node:net';
import path from 'node:path';
import { createClient } from '@redis/client';
import mongoose from 'mongoose';
import { parse } from 'yaml';
import { startRedis } from '@/tests/support/cluster';
import { containerEnv, fillIn, imageEnv, renderCompose, requiredNames, type Project, type Service } from '@/tests/support/compose';
import { freePort, logTail, startLocalDb, stopTree, waitUntil } from '@/tests/support/processes';

// `docker compose up` rehearsed without Docker (no image can be pulled or run on the project's machines): compose.yaml
// rendered from .env.example with only its required values filled, by the Compose specification's rules
// (tests/support/compose.ts, checked here against docker compose's own rendering), then what each container would run
// started with exactly the environment rendered for it: the standalone output's `node server.mjs` (the image's CMD,
// under the image's ENV) against the local database, the scheduler's `node scheduler.mjs`, and Redis's own command.
// The one liberty is the addresses: a service's name (mongo:27017, redis:6379, app:3000) becomes a local port, and the
// local engine, which has no users, is reached without the credentials compose gives the app (checked as rendered).
// Then the same from a .env.production copied from the example beside `node server.mjs`, with no other variable.

const root = process.cwd();
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const example = read('.env.example');
const build = () => {
  const dir = process.env.NEXT_DIST_DIR;
  if (!dir) throw new Error('NEXT_DIST_DIR is not set: run the tests with npm test');
  return dir;
};
const standalone = () => path.join(root, build(), 'standalone');

// A real key (the server parses it), made for this run and thrown away with it.
const privateKey = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
}).privateKey;
const EVERY_DEPLOYMENT = {
  CRON_SECRET: 'rehearsal-cron-secret-0123456789abcdef',
  NEXT_PUBLIC_FIREBASE_API_KEY: 'rehearsal-api-key',
  NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN: 'takes-rehearsal.firebaseapp.com',
  NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'takes-rehearsal',
  FIREBASE_CLIENT_EMAIL: 'server@takes-rehearsal.iam.gserviceaccount.com',
  // As docs/deploy.md says to paste it: its newlines written as \n, on one line.
  FIREBASE_PRIVATE_KEY: privateKey.trimEnd().replaceAll('\n', '\\n'),
};
const COMPOSE = { ...EVERY_DEPLOYMENT, SITE_DOMAIN: 'takes.example.test', MONGO_PASSWORD: 'a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4' };
const SITE = 'https://takes.example.test';

let dir: string;
let dbPort: number;
let db: ChildProcess;
let conn: mongoose.Connection;
const started: ChildProcess[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'takes-compose-'));
  dbPort = await freePort();
  db = await startLocalDb(dbPort, dir);
  conn = await mongoose.createConnection(`mongodb://127.0.0.1:${dbPort}/admin`).asPromise();
}, 120_000);

afterAll(async () => {
  for (const child of started) stopTree(child);
  await conn?.close();
  db?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** A project folder as an operator has it: compose.yaml, the Caddyfile, the Dockerfile, and their .env. */
function projectDir(name: string, dotEnv: string, { withoutName = false } = {}): string {
  const project = path.join(dir, name);
  mkdirSync(project, { recursive: true });
  for (const file of ['Caddyfile', 'Dockerfile']) copyFileSync(path.join(root, file), path.join(project, file));
  const compose = read('compose.yaml');
  writeFileSync(path.join(project, 'compose.yaml'), withoutName ? compose.replace(/^name: .*\n/m, '') : compose);
  writeFileSync(path.join(project, '.env'), dotEnv);
  return project;
}

/** A container's environment with the services' names turned into local addresses. */
function locally(env: Record<string, string>, addresses: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).map(([name, value]) => [
      name,
      value.replace(/(?<=@|\/\/)(mongo|redis|app):(\d+)/g, (found) => addresses[found] ?? found),
    ]),
  );
}

/** The local engine has no users: the app reaches it with the same URI, less the credentials. */
const withoutCredentials = (uri: string) => uri.replace(/\/\/[^@/]+@/, '//');

type Running = { url: string; child: ChildProcess; log: string };

/** A process's whole environment, nothing inherited (Next's types want NODE_ENV named, which these may not have). */
const exactly = (env: Record<string, string>) => env as NodeJS.ProcessEnv;

/** `node server.mjs` in `folder` as the image's CMD runs it, with exactly `env` (and the build's dist folder name). */
async function startServer(folder: string, env: Record<string, string>, port?: number): Promise<Running> {
  const listen = port ?? (await freePort());
  const log = path.join(root, 'test-results', 'logs', `compose-${listen}.log`);
  mkdirSync(path.dirname(log), { recursive: true });
  const out = openSync(log, 'a');
  // With a port of its own, the server is told where to listen as the container's network would place it; without one
  // (the .env.production case), what it listens on is what the file says.
  const args = port === undefined ? ['--port', String(listen), '--hostname', '127.0.0.1'] : [];
  const child = spawn(process.execPath, [path.join(folder, 'server.mjs'), ...args], {
    env: exactly({ ...env, NEXT_DIST_DIR: build() }),
    stdio: ['ignore', out, out],
    detached: true,
  });
  closeSync(out);
  started.push(child);
  let exited: number | null = null;
  child.once('exit', (code) => (exited = code ?? -1));
  const url = `http://127.0.0.1:${listen}`;
  await waitUntil(
    async () => exited !== null || (await fetch(`${url}/api/health`).catch(() => null)) !== null,
    150_000,
    () => logTail(log),
  );
  if (exited !== null) throw new Error(`server.mjs exited (${exited}):\n${logTail(log, 30)}`);
  return { url, child, log };
}

async function stop(running: { child: ChildProcess }) {
  const gone = new Promise((resolve) => running.child.once('exit', resolve));
  stopTree(running.child);
  await gone;
}

/** What a visitor and a crawler see of a new site: healthy, the league loaded, every address the site's own. */
async function expectLiveSite(url: string, site: string) {
  const health = await fetch(`${url}/api/health`);
  const body = (await health.json()) as { database: string; authConfig: { mode: string; projectId: string } };
  expect({ status: health.status, database: body.database, auth: body.authConfig }).toEqual({
    status: 200,
    database: 'up',
    auth: { mode: 'service-account', projectId: 'takes-rehearsal' },
  });
  const teams = await fetch(`${url}/api/teams`);
  expect(teams.status).toBe(200);
  expect(await teams.json()).toHaveLength(30);
  // The page names the site's address, and hands the browser the Firebase config the server was started with,
  // though the build never saw either.
  const page = await (await fetch(`${url}/trending`)).text();
  expect(page).toContain(`<link rel="canonical" href="${site}/trending"/>`);
  expect(page).not.toContain('localhost');
  const block = /<script[^>]* id="takes-public-env" type="application\/json">([^<]*)<\/script>/.exec(page)?.[1];
  expect(JSON.parse(block ?? 'null')).toMatchObject({
    siteUrl: site,
    firebase: { apiKey: 'rehearsal-api-key', authDomain: 'takes-rehearsal.firebaseapp.com', projectId: 'takes-rehearsal' },
  });
  const sitemap = await (await fetch(`${url}/sitemap.xml`)).text();
  const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  expect(locs.length).toBeGreaterThan(0);
  expect(locs.filter((loc) => !loc?.startsWith(`${site}/`))).toEqual([]);
  expect(await (await fetch(`${url}/robots.txt`)).text()).toContain(`Sitemap: ${site}/sitemap.xml`);
}

/** `node scheduler.mjs --once` in `folder` with exactly `env`: the scheduled job answered. */
function runScheduler(folder: string, env: Record<string, string>) {
  const run = spawnSync(process.execPath, [path.join(folder, 'scheduler.mjs'), '--once'], {
    env: exactly(env),
    encoding: 'utf8',
    timeout: 150_000,
  });
  expect(run.stdout).toMatch(/\/api\/cron answered 200/);
  expect(run.status).toBe(0);
}

describe('compose.yaml, rendered by the specification', () => {
  it('renders as docker compose itself does, and stops where it does', () => {
    const renderer = JSON.parse(process.env.COMPOSE_RENDERER || 'null') as { command: string; args: string[]; v1: boolean } | null;
    if (!renderer) throw new Error('COMPOSE_RENDERER is not set: run the tests with npm test');
    const dotEnv = fillIn(example, { ...COMPOSE, REDIS_PASSWORD: 'r3d1s', REDIS_URL: 'redis://:r3d1s@redis:6379' });
    const project = projectDir('cross-check', dotEnv, { withoutName: renderer.v1 });
    const shell = { PATH: process.env.PATH ?? '', HOME: os.homedir() };
    const config = (cwd: string) =>
      spawnSync(renderer.command, [...renderer.args, 'config'], { cwd, env: exactly(shell), encoding: 'utf8', timeout: 60_000 });
    const theirs = config(project);
    expect(theirs.stderr).not.toMatch(/error/i);
    expect(theirs.status).toBe(0);
    // Their output writes a literal `$` as `$$`, so that it can be read again.
    const unescape = (node: unknown): unknown =>
      typeof node === 'string'
        ? node.replaceAll('$$', '$')
        : Array.isArray(node)
          ? node.map(unescape)
          : node && typeof node === 'object'
            ? Object.fromEntries(Object.entries(node).map(([k, v]) => [k, unescape(v)]))
            : node;
    const rendered = unescape(parse(theirs.stdout)) as Project;
    const ours = renderCompose(project, dotEnv).project;
    const files = { '.env': dotEnv };
    const ports = (service: Service | undefined) =>
      (service?.ports ?? []).map((port) => {
        if (typeof port !== 'object') return String(port);
        const { published, target, protocol } = port as { published: number | string; target: number; protocol?: string };
        return `${published}:${target}${protocol === 'udp' ? '/udp' : ''}`;
      });
    expect(Object.keys(rendered.services).sort()).toEqual(Object.keys(ours.services).sort());
    for (const [name, service] of Object.entries(ours.services)) {
      const their = rendered.services[name]!;
      expect({ name, image: their.image, command: their.command, ports: ports(their) }).toEqual({
        name,
        image: service.image,
        command: service.command,
        ports: ports(service),
      });
      // docker compose config writes env_file's variables into environment (v1 always; v2 by default).
      expect({ name, environment: containerEnv(their, files) }).toEqual({ name, environment: containerEnv(service, files) });
    }
    // A required value left empty stops both, naming it.
    const missing = projectDir('missing', fillIn(example, { ...COMPOSE, MONGO_PASSWORD: '' }), { withoutName: renderer.v1 });
    const refused = config(missing);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('MONGO_PASSWORD');
    expect(() => renderCompose(missing, readFileSync(path.join(missing, '.env'), 'utf8'))).toThrow(/MONGO_PASSWORD/);
  }, 120_000);
});

describe('docker compose up, rehearsed', () => {
  const image = imageEnv(read('Dockerfile'));
  const mongoAt = () => ({ 'mongo:27017': `127.0.0.1:${dbPort}` });

  it('starts from .env.example with the required values filled: the app healthy at its own address, the scheduled job answered', async () => {
    expect(Object.keys(COMPOSE).sort()).toEqual(requiredNames(example, ['every deployment', 'with compose']).sort());
    const dotEnv = fillIn(example, COMPOSE);
    const { project } = renderCompose(projectDir('up', dotEnv), dotEnv);
    const appEnv = containerEnv(project.services.app!, { '.env': dotEnv }, image);
    // Blank lines arrive as empty strings (compose's REDIS_URL=, FIREBASE_PROJECT_ID=…), which mean unset.
    expect([appEnv.REDIS_URL, appEnv.FIREBASE_PROJECT_ID, appEnv.NEXT_PUBLIC_SITE_URL]).toEqual(['', '', '']);
    expect(appEnv.MONGODB_URI).toBe(`mongodb://takes:${COMPOSE.MONGO_PASSWORD}@mongo:27017/takes?authSource=admin`);
    const env = locally({ ...appEnv, MONGODB_URI: withoutCredentials(appEnv.MONGODB_URI!) }, mongoAt());
    const app = await startServer(standalone(), env);
    try {
      await expectLiveSite(app.url, SITE);
      // The URI's database, never the driver's `test`.
      const names = ((await conn.db!.admin().listDatabases()).databases as { name: string }[]).map((d) => d.name);
      expect(names).toContain('takes');
      expect(names).not.toContain('test');
      const scheduler = containerEnv(project.services.scheduler!, { '.env': dotEnv }, image);
      runScheduler(standalone(), locally(scheduler, { 'app:3000': app.url.replace('http://', '') }));
    } finally {
      await stop(app);
      await conn.useDb('takes').dropDatabase();
    }
  }, 300_000);

  it('with --profile redis: Redis refuses to start without its password, asks for it, holds to its cap, and the app caches there', async () => {
    const password = 'f00dcafe'.repeat(4);
    const dotEnv = fillIn(example, { ...COMPOSE, REDIS_PASSWORD: password, REDIS_URL: `redis://:${password}@redis:6379` });
    const { project } = renderCompose(projectDir('redis', dotEnv), dotEnv);
    const redis = project.services.redis!;
    const redisPort = await freePort();
    // The redis image's entrypoint, which starts redis-server as its own user: here on a free local port.
    const bin = path.join(dir, 'redis-bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(
      path.join(bin, 'docker-entrypoint.sh'),
      `#!/bin/sh\nshift\nexec "${process.env.REDIS_SERVER_BIN || 'redis-server'}" "$@" --port ${redisPort} --bind 127.0.0.1 --dir "${dir}"\n`,
    );
    chmodSync(path.join(bin, 'docker-entrypoint.sh'), 0o755);
    const redisEnv = (env: Record<string, string>): Record<string, string> => ({
      ...containerEnv(redis, { '.env': dotEnv }),
      ...env,
      PATH: `${bin}:${process.env.PATH}`,
    });
    const [command, ...args] = redis.command!;
    const refused = spawnSync(command!, args, { env: exactly(redisEnv({ REDIS_PASSWORD: '' })), encoding: 'utf8', timeout: 30_000 });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('set REDIS_PASSWORD in .env');
    const server = spawn(command!, args, { env: exactly(redisEnv({})), stdio: 'ignore', detached: true });
    started.push(server);
    const client = createClient({ url: `redis://:${password}@127.0.0.1:${redisPort}` });
    const stranger = createClient({ url: `redis://127.0.0.1:${redisPort}` });
    stranger.on('error', () => undefined);
    // Probed by a plain socket, then connected once: a node-redis client whose first connect fails retries on its own,
    // and refuses a second connect(), so it cannot be the probe.
    const listening = () =>
      new Promise<boolean>((resolve) => {
        const socket = connect(redisPort, '127.0.0.1', () => {
          socket.end();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
      });
    await waitUntil(listening, 30_000);
    await client.connect();
    try {
      expect(await client.configGet('maxmemory')).toEqual({ maxmemory: String(256 * 1024 * 1024) });
      expect(await client.configGet('maxmemory-policy')).toEqual({ 'maxmemory-policy': 'volatile-ttl' });
      await stranger.connect();
      await expect(stranger.get('anything')).rejects.toThrow(/NOAUTH/);
      const appEnv = containerEnv(project.services.app!, { '.env': dotEnv }, image);
      const env = locally(
        { ...appEnv, MONGODB_URI: withoutCredentials(appEnv.MONGODB_URI!) },
        {
          ...mongoAt(),
          'redis:6379': `127.0.0.1:${redisPort}`,
        },
      );
      const app = await startServer(standalone(), env);
      try {
        await expectLiveSite(app.url, SITE);
        expect((await client.keys('takes:*')).length).toBeGreaterThan(0);
      } finally {
        await stop(app);
        await conn.useDb('takes').dropDatabase();
      }
    } finally {
      await client.close();
      await stranger.close().catch(() => undefined);
      stopTree(server);
    }
  }, 300_000);
});

describe('node server.mjs with a .env.production copied from the example', () => {
  it('reads the file before anything else (its port and Redis too), and the scheduler beside it reads it as well', async () => {
    // The standalone output as an operator copies it to a server, with the file beside server.mjs: its entries copied,
    // the rest linked (read only).
    const folder = path.join(dir, 'standalone');
    mkdirSync(folder);
    for (const entry of readdirSync(standalone())) {
      if (entry.endsWith('.mjs')) copyFileSync(path.join(standalone(), entry), path.join(folder, entry));
      else symlinkSync(path.join(standalone(), entry), path.join(folder, entry));
    }
    const [port, redisPort] = [await freePort(), await freePort()];
    const redis = await startRedis(redisPort, dir);
    started.push(redis);
    const site = 'https://envfile.example.test';
    const required = {
      ...EVERY_DEPLOYMENT,
      MONGODB_URI: `mongodb://127.0.0.1:${dbPort}/takes-envfile`,
      NEXT_PUBLIC_SITE_URL: site,
    };
    expect(Object.keys(required).sort()).toEqual(requiredNames(example, ['every deployment', 'without compose']).sort());
    writeFileSync(
      path.join(folder, '.env.production'),
      fillIn(example, {
        ...required,
        // Where it listens, and the shared cache: read from this file, though server.mjs reads them before Next starts.
        PORT: String(port),
        HOSTNAME: '127.0.0.1',
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        TAKES_URL: `http://127.0.0.1:${port}`,
      }),
    );
    const app = await startServer(folder, {}, port);
    const client = createClient({ url: `redis://127.0.0.1:${redisPort}` });
    try {
      await expectLiveSite(app.url, site);
      await client.connect();
      expect((await client.keys('takes:*')).length).toBeGreaterThan(0);
      runScheduler(folder, {});
    } finally {
      await client.close().catch(() => undefined);
      await stop(app);
      stopTree(redis);
    }
  }, 300_000);
});
