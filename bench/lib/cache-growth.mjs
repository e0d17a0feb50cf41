// @ts-check
// What a write costs as the shared data cache grows (`npm run bench -- --cache-only`): one `next start` with
// REDIS_URL, as several self-hosted instances run, its cache filled step by step with entries readers make, and at
// each size the same reactions timed and the work they cause in Redis counted. Every reaction expires its take's
// tag, so what a tag's expiry reads is what grows, if anything does.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ensureRedisServer, freePort, ROOT, SetupError } from '../../scripts/lib/services.mjs';
import { createFans } from './accounts.mjs';
import { median, timed } from './measure.mjs';
import { startApp } from './processes.mjs';

/** Sizes the cache is filled to (Redis keys), and the reactions timed at each. */
const STEPS = [0, 1000, 4000, 12000];
const WRITES = 30;
/** Reads in flight while the cache is filled. */
const FILL_AT_ONCE = 16;

/**
 * @typedef {{ keys: number; writes: number; p50: number; p95: number; bytesPerWrite: number; commandsPerWrite: number }} CacheStep
 * @typedef {{ steps: CacheStep[]; handler: string }} CacheGrowth
 */

/** @param {number[]} values @param {number} q */
const quantile = (values, q) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0;

/**
 * A Redis of the run's own, on a free port, keeping nothing on disk.
 * @param {string} dir
 */
async function startRedis(dir) {
  const port = await freePort();
  const child = spawn(
    ensureRedisServer(),
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
      detached: true,
    },
  );
  await new Promise((resolve, reject) => {
    /** @type {import('node:stream').Readable} */ (child.stdout).on('data', (chunk) => {
      if (String(chunk).includes('Ready to accept connections')) resolve(undefined);
    });
    child.once('exit', (code) => reject(new SetupError(`redis-server exited with ${code}`)));
  });
  return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill('SIGKILL') };
}

/**
 * Redis's own counters: keys, bytes sent to clients, commands served.
 * @param {import('@redis/client').RedisClientType} client
 */
async function redisStats(client) {
  const stats = await client.info('stats');
  const field = (/** @type {string} */ name) => Number(new RegExp(`${name}:(\\d+)`).exec(stats)?.[1] ?? 0);
  return { keys: await client.dbSize(), bytes: field('total_net_output_bytes'), commands: field('total_commands_processed') };
}

/**
 * Waits until Redis has served nothing but these polls for a while: a write's tag expiry runs after its answer is
 * sent (Next awaits it in the background), and its cost is what is measured.
 * @param {import('@redis/client').RedisClientType} client
 */
async function settled(client) {
  let last = await redisStats(client);
  for (let quiet = 0; quiet < 3;) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    const now = await redisStats(client);
    // Each poll is two commands of its own (INFO, DBSIZE).
    quiet = now.commands - last.commands <= 2 ? quiet + 1 : 0;
    last = now;
  }
  return last;
}

/**
 * Reads a reader makes, each its own entry: every player's and team's takes in every page size, and the feed's
 * sorts in every page size. About 14,000 on the reference data.
 * @param {string} url
 */
async function fillerPaths(url) {
  const players = /** @type {{ id: number }[]} */ (await (await fetch(`${url}/api/players`)).json());
  const teams = /** @type {{ id: number }[]} */ (await (await fetch(`${url}/api/teams`)).json());
  const paths = [];
  for (let limit = 1; limit <= 50; limit += 1) {
    for (const sort of ['hot', 'new', 'top', 'spicy', 'best']) paths.push(`/api/takes?sort=${sort}&limit=${limit}`);
    for (const p of players) paths.push(`/api/players/${p.id}?limit=${limit}`);
    for (const t of teams) paths.push(`/api/teams/${t.id}?limit=${limit}`);
  }
  return paths;
}

/**
 * @param {{ uri: string; env: Record<string, string | undefined>; distDir: string; emulatorHost: string }} options
 * @returns {Promise<CacheGrowth>}
 */
export async function measureCacheGrowth({ uri, env, distDir, emulatorHost }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'takes-bench-redis-'));
  const redis = await startRedis(dir);
  const app = await startApp({ ...env, MONGODB_URI: uri, REDIS_URL: redis.url }, distDir);
  const { createClient } = /** @type {typeof import('@redis/client')} */ (createRequire(path.join(ROOT, 'package.json'))('@redis/client'));
  const client = /** @type {import('@redis/client').RedisClientType} */ (createClient({ url: redis.url }));
  await client.connect();
  try {
    const [fan] = await createFans(app.url, emulatorHost, 1);
    const [take] = /** @type {{ _id: string }[]} */ (await (await fetch(`${app.url}/api/takes?limit=1`)).json());
    if (!fan || !take) throw new SetupError('the cache growth run needs a seeded take and a fan.');
    const react = (/** @type {number} */ i) =>
      timed(`${app.url}/api/user-action`, {
        method: 'POST',
        headers: fan.headers,
        body: JSON.stringify({ actionType: i % 2 ? 'dislike' : 'like', postID: take._id }),
      });
    const paths = await fillerPaths(app.url);
    let next = 0;
    /** @type {CacheStep[]} */
    const steps = [];
    for (const target of STEPS) {
      while ((await client.dbSize()) < target && next < paths.length) {
        const batch = paths.slice(next, next + FILL_AT_ONCE);
        next += batch.length;
        await Promise.all(batch.map((p) => fetch(`${app.url}${p}`).then((r) => r.arrayBuffer())));
      }
      const before = await settled(client);
      const ms = [];
      for (let i = 0; i < WRITES; i += 1) {
        const reply = await react(steps.length * WRITES + i);
        if (reply.status !== 200) throw new SetupError(`a reaction answered ${reply.status}: ${reply.body.toString().slice(0, 200)}`);
        ms.push(reply.ms);
      }
      const after = await settled(client);
      steps.push({
        keys: before.keys,
        writes: WRITES,
        p50: median(ms) ?? 0,
        p95: quantile(ms, 0.95),
        bytesPerWrite: Math.round((after.bytes - before.bytes) / WRITES),
        commandsPerWrite: Math.round(((after.commands - before.commands) / WRITES) * 10) / 10,
      });
    }
    return { steps, handler: 'lib/cache/redis-cache-handler.mjs' };
  } finally {
    await client.quit().catch(() => {});
    await app.stop();
    redis.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The section's report: bench/results/<time>/cache-report.md and .json.
 * @param {string} dir
 * @param {{ meta: Record<string, unknown>; cache: CacheGrowth }} result
 */
export function writeCacheReport(dir, { meta, cache }) {
  mkdirSync(dir, { recursive: true });
  const json = path.join(dir, 'cache-report.json');
  writeFileSync(json, `${JSON.stringify({ meta, cache }, null, 2)}\n`);
  const first = cache.steps[0];
  const lastStep = cache.steps.at(-1);
  const lines = [
    '# What a write costs as the shared cache grows',
    '',
    `One \`next start\` with \`REDIS_URL\` on the demo seed (${cache.handler}); the cache filled with entries readers make`,
    `(a player's, team's or the feed's page in every size), then ${WRITES} reactions on one take at each size, one at a time.`,
    "Each reaction expires its take's tag; the Redis figures are what the server sent to and asked of Redis per reaction,",
    'its tag expiry included (it runs after the answer is sent, and is waited for).',
    '',
    '| keys in Redis | reaction p50 (ms) | p95 (ms) | Redis bytes read per reaction | Redis commands per reaction |',
    '| ---: | ---: | ---: | ---: | ---: |',
    ...cache.steps.map((s) => `| ${s.keys} | ${s.p50.toFixed(1)} | ${s.p95.toFixed(1)} | ${s.bytesPerWrite} | ${s.commandsPerWrite} |`),
    '',
    first && lastStep
      ? `Budget: flat. Bytes read per reaction at ${lastStep.keys} keys are ${(lastStep.bytesPerWrite / Math.max(1, first.bytesPerWrite)).toFixed(2)}× those at ${first.keys}.`
      : '',
    '',
  ];
  const markdown = path.join(dir, 'cache-report.md');
  writeFileSync(markdown, lines.join('\n'));
  return { markdown, json };
}
