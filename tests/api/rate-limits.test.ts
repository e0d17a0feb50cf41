import { execFileSync, type ChildProcess } from 'node:child_process';
import mongoose from 'mongoose';
import { createAccount } from '@/tests/support/emulator';
import { takeBody } from '@/tests/support/api';
import { startApp, stopTree } from '@/tests/support/processes';

// Its own server and database at the real limits (the shared API server runs with RATE_LIMIT_SCALE=1000).
const uri = process.env.MONGODB_URI!.replace(/\/[^/]*$/, `/takes-limits-${Date.now().toString(36)}`);
let app: { url: string; child: ChildProcess };
let db: mongoose.Connection;

beforeAll(async () => {
  execFileSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/seed.ts', '--reference-only'], {
    env: { ...process.env, MONGODB_URI: uri },
  });
  db = await mongoose.createConnection(uri).asPromise();
  // A window that expired long ago: the scheduled job sweeps it away.
  await db.collection('ratelimits').insertOne({ key: 'take:user:stale', points: 3, expire: new Date(Date.now() - 3_600_000) });
  app = await startApp(uri, { RATE_LIMIT_SCALE: '1' });
}, 90_000);

afterAll(async () => {
  stopTree(app.child);
  await db.close();
});

async function post(path: string, token: string, body: unknown, ip: string) {
  const response = await fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { error?: string }, headers: response.headers };
}

it('refuses the 7th take in 10 minutes with 429, a clear message and the limit headers', async () => {
  const account = await createAccount('limited');
  const ip = '203.0.113.7';
  expect((await post('/api/users', account.idToken, { username: `lim${Date.now().toString(36).slice(-8)}` }, ip)).status).toBe(201);
  for (let i = 0; i < 6; i += 1) {
    expect((await post('/api/takes', account.idToken, takeBody({ title: `Take ${i}` }), ip)).status).toBe(201);
  }
  const refused = await post('/api/takes', account.idToken, takeBody({ title: 'One too many' }), ip);
  expect(refused.status).toBe(429);
  expect(refused.body.error).toMatch(/^Too many takes posted\. Please try again in \d+ (minutes|seconds)\.$/);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(refused.headers.get('ratelimit-policy')).toBe('"take";q=6;w=600');
  expect(refused.headers.get('ratelimit')).toMatch(/^"take";r=0;t=\d+$/);

  // The windows live in the database (so they hold across serverless instances), and the scheduled job sweeps stale ones.
  expect(await db.collection('ratelimits').countDocuments({ key: { $regex: '^take:user:' } })).toBe(2);
  const job = await fetch(`${app.url}/api/cron`, { headers: { Authorization: `Bearer ${process.env.CRON_SECRET}` } });
  expect(job.status).toBe(200);
  expect(((await job.json()) as { sweptWindows: number }).sweptWindows).toBeGreaterThanOrEqual(1);
  expect(await db.collection('ratelimits').countDocuments({ key: { $regex: '^take:user:' } })).toBe(1);
  expect(await db.collection('ratelimits').countDocuments({ key: 'take:user:stale' })).toBe(0);
  expect((await post('/api/takes', account.idToken, takeBody({ title: 'Still too many' }), ip)).status).toBe(429);
}, 60_000);

it('limits username checks per client IP, leaving other addresses alone', async () => {
  const check = (ip: string) =>
    fetch(`${app.url}/api/users/check-username/someone`, { headers: { 'X-Forwarded-For': ip } }).then((r) => r.status);
  const statuses = [];
  for (let i = 0; i < 181; i += 1) statuses.push(await check('198.51.100.9'));
  expect(statuses.slice(0, 180).every((s) => s === 200)).toBe(true);
  expect(statuses[180]).toBe(429);
  expect(await check('198.51.100.10')).toBe(200);
}, 60_000);

it('counts requests racing for one window exactly, and starts a new window over an expired one', async () => {
  const check = (ip: string) =>
    fetch(`${app.url}/api/users/check-username/someone`, { headers: { 'X-Forwarded-For': ip } }).then((r) => r.status);
  // 190 at once from an address with no window yet: exactly the limit (60 × 3 for an address) pass.
  const statuses = await Promise.all(Array.from({ length: 190 }, () => check('198.51.100.20')));
  expect(statuses.filter((s) => s === 200)).toHaveLength(180);
  expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  expect(await db.collection('ratelimits').findOne({ key: 'usernameCheck:ip:198.51.100.20' })).toMatchObject({ points: 180 });

  // A full window that has run out: the next request opens a new one at one point.
  await db.collection('ratelimits').insertOne({ key: 'usernameCheck:ip:198.51.100.21', points: 180, expire: new Date(Date.now() - 1000) });
  expect(await check('198.51.100.21')).toBe(200);
  expect(await db.collection('ratelimits').findOne({ key: 'usernameCheck:ip:198.51.100.21' })).toMatchObject({
    points: 1,
    expire: expect.any(Date),
  });
}, 60_000);
