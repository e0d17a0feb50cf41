import type { ChildProcess } from 'node:child_process';
import mongoose from 'mongoose';
import { CAPTURE_RENDERS_AT_ONCE } from '@/lib/og/constants';
import { SEARCH_DEBOUNCE_MS } from '@/lib/constants';
import { createAccount } from '@/tests/support/emulator';
import { expectRenderCap, takeBody } from '@/tests/support/api';
import { startApp, stopTree } from '@/tests/support/processes';

// Its own servers and database at the real limits (the shared API server runs with RATE_LIMIT_SCALE=1000). `app` stands
// behind one proxy that appends the address it was reached from to X-Forwarded-For, as nginx's
// $proxy_add_x_forwarded_for does: a test's X-Forwarded-For is what that proxy would send, its last entry the client.
// `bare` is the server entry (server.mjs) with no proxy named, as `npm start` is: the socket's address is the client's.
const uri = process.env.MONGODB_URI!.replace(/\/[^/]*$/, `/takes-limits-${Date.now().toString(36)}`);
let app: { url: string; child: ChildProcess };
let bare: { url: string; child: ChildProcess };
let db: mongoose.Connection;

beforeAll(async () => {
  // The servers load the league into the new database themselves, as a new deployment's do.
  db = await mongoose.createConnection(uri).asPromise();
  // A window that expired long ago: the scheduled job sweeps it away.
  await db.collection('ratelimits').insertOne({ key: 'take:user:stale', points: 3, expire: new Date(Date.now() - 3_600_000) });
  [app, bare] = await Promise.all([
    startApp(uri, { RATE_LIMIT_SCALE: '1', TAKES_TRUSTED_PROXY_HOPS: '1' }),
    startApp(uri, { RATE_LIMIT_SCALE: '1' }),
  ]);
}, 90_000);

afterAll(async () => {
  stopTree(app.child);
  stopTree(bare.child);
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

it('counts no take it refuses for a closed topic or an unknown tag: the fan can still post six', async () => {
  // Issue #53 item 4: six refused takes used up the window, and the take the fan meant came back a 429.
  const topic = `zz-closed-${Date.now().toString(36)}`;
  await db.collection('specialtopics').insertOne({ _id: topic as never, name: 'Zz Closed Topic', description: '', open: false });
  const account = await createAccount('refused');
  const ip = '203.0.113.8';
  expect((await post('/api/users', account.idToken, { username: `ref${Date.now().toString(36).slice(-8)}` }, ip)).status).toBe(201);
  const refused = [
    takeBody({ entityType: 'special', playerID: null, specialID: topic, tags: [topic] }),
    takeBody({ tags: ['no-such-topic-zz'] }),
    takeBody({ tags: [1] }),
  ];
  for (let i = 0; i < 12; i += 1) {
    const reply = await post('/api/takes', account.idToken, refused[i % refused.length], ip);
    expect([reply.status, reply.body.error]).toEqual([400, expect.stringMatching(/is closed|Unknown tag/)]);
  }
  for (let i = 0; i < 6; i += 1) {
    expect((await post('/api/takes', account.idToken, takeBody({ title: `Meant take ${i}` }), ip)).status).toBe(201);
  }
  expect((await post('/api/takes', account.idToken, takeBody({ title: 'The seventh' }), ip)).status).toBe(429);
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

describe('the client address (issue #26)', () => {
  const check = (base: string, forwarded: string) =>
    fetch(`${base}/api/users/check-username/someone`, { headers: { 'X-Forwarded-For': forwarded } }).then((r) => r.status);

  it('behind a trusted proxy, counts the address it appended: what a client writes left of it changes nothing', async () => {
    const statuses = [];
    for (let i = 0; i < 181; i += 10) {
      const batch = Array.from({ length: Math.min(10, 181 - i) }, (_, j) => check(app.url, `203.0.113.${(i + j) % 250}, 198.51.100.30`));
      statuses.push(...(await Promise.all(batch)));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(180);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    // No window was written for any of the made-up addresses.
    expect(await db.collection('ratelimits').countDocuments({ key: { $regex: '^usernameCheck:ip:203\\.0\\.113\\.' } })).toBe(0);
  }, 60_000);

  it('with no proxy configured, believes no X-Forwarded-For but the socket: a new header per request dodges nothing', async () => {
    const statuses = [];
    for (let i = 0; i < 181; i += 10) {
      const batch = Array.from({ length: Math.min(10, 181 - i) }, (_, j) => check(bare.url, `192.0.2.${(i + j) % 250}`));
      statuses.push(...(await Promise.all(batch)));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(180);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    expect(await db.collection('ratelimits').countDocuments({ key: { $regex: '^usernameCheck:ip:192\\.0\\.2\\.' } })).toBe(0);
    expect(await db.collection('ratelimits').findOne({ key: 'usernameCheck:ip:127.0.0.1' })).toMatchObject({ points: 180 });
  }, 60_000);

  it("with no proxy configured, a signed-in fan counts against their own window and their socket's address, never a written one", async () => {
    const [first, second] = await Promise.all([createAccount('bare'), createAccount('bare')]);
    const signUp = (account: { idToken: string }, name: string) =>
      fetch(`${bare.url}/api/users`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${account.idToken}`, 'Content-Type': 'application/json', 'X-Forwarded-For': '192.0.2.77' },
        body: JSON.stringify({ username: name }),
      }).then((r) => r.status);
    const suffix = Date.now().toString(36).slice(-6);
    expect(await signUp(first, `ba${suffix}`)).toBe(201);
    expect(await signUp(second, `bb${suffix}`)).toBe(201);
    expect(await db.collection('ratelimits').countDocuments({ key: { $in: ['signup:ip:192.0.2.77', 'signup:ip:unknown'] } })).toBe(0);
    expect(await db.collection('ratelimits').findOne({ key: 'signup:ip:127.0.0.1' })).toMatchObject({ points: 2 });
    expect(await db.collection('ratelimits').countDocuments({ key: `signup:user:${first.uid}` })).toBe(1);
  });
});

describe('search and share images (issue #26)', () => {
  it('limits searches per fan to what one search box can send in a minute, its debounce apart', async () => {
    const fan = await createAccount('searcher');
    const search = (q: string) =>
      fetch(`${app.url}/api/search/takes?q=${q}`, {
        headers: { Authorization: `Bearer ${fan.idToken}`, 'X-Forwarded-For': '198.51.100.40' },
      });
    // One request per SEARCH_DEBOUNCE_MS of typing, for the whole minute: all answered.
    const perMinute = Math.ceil(60_000 / SEARCH_DEBOUNCE_MS);
    const statuses = [];
    for (let i = 0; i < perMinute; i += 10) {
      const batch = Array.from({ length: Math.min(10, perMinute - i) }, (_, j) => search(`lebron${i + j}`).then((r) => r.status));
      statuses.push(...(await Promise.all(batch)));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(perMinute);
    const refused = await search('one-more');
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toMatch(/^Too many searches\. Please try again in \d+ seconds?\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit-policy')).toBe(`"search";q=${perMinute};w=60`);
  }, 60_000);

  it('limits share images per address, revalidations too; other addresses are unaffected', async () => {
    const author = await createAccount('sharer');
    const headers = { Authorization: `Bearer ${author.idToken}`, 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.50' };
    const name = `sh${Date.now().toString(36).slice(-8)}`;
    expect((await fetch(`${app.url}/api/users`, { method: 'POST', headers, body: JSON.stringify({ username: name }) })).status).toBe(201);
    const take = (await (await fetch(`${app.url}/api/takes`, { method: 'POST', headers, body: JSON.stringify(takeBody()) })).json()) as {
      _id: string;
    };
    const capture = (address: string, etag?: string) =>
      fetch(`${app.url}/api/capture?takeID=${take._id}`, {
        headers: { 'X-Forwarded-For': address, ...(etag ? { 'If-None-Match': etag } : {}) },
      });
    const first = await capture('198.51.100.51');
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    // 30 per 10 minutes for one fan, three times that for an address: the rest as cheap revalidations.
    const statuses = [];
    for (let i = 1; i < 90; i += 10) {
      statuses.push(
        ...(await Promise.all(Array.from({ length: Math.min(10, 90 - i) }, () => capture('198.51.100.51', etag).then((r) => r.status)))),
      );
    }
    expect(statuses.every((s) => s === 304)).toBe(true);
    const refused = await capture('198.51.100.51', etag);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('ratelimit-policy')).toBe('"capture";q=30;w=600');
    // The limit is counted beside the route's reads, yet over it nothing is drawn and its answer comes first, whatever
    // the reads found (an id that names no take is still a 429, not a 404).
    expect((await capture('198.51.100.51')).status).toBe(429);
    const unknown = await fetch(`${app.url}/api/capture?takeID=${'f'.repeat(24)}`, { headers: { 'X-Forwarded-For': '198.51.100.51' } });
    expect(unknown.status).toBe(429);
    expect((await unknown.json()) as unknown).toEqual({ error: expect.any(String) });
    expect((await capture('198.51.100.52', etag)).status).toBe(304);
  }, 120_000);

  it(`renders at most ${CAPTURE_RENDERS_AT_ONCE} share images at once per server, refusing the rest at once with 503 and Retry-After`, async () => {
    const author = await createAccount('burst');
    const headers = { Authorization: `Bearer ${author.idToken}`, 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.60' };
    const name = `bu${Date.now().toString(36).slice(-8)}`;
    expect((await fetch(`${app.url}/api/users`, { method: 'POST', headers, body: JSON.stringify({ username: name }) })).status).toBe(201);
    const take = (await (await fetch(`${app.url}/api/takes`, { method: 'POST', headers, body: JSON.stringify(takeBody()) })).json()) as {
      _id: string;
    };
    // Each from an address of its own and with a made-up name, so neither a limit nor a cache answers it.
    const capture = (i: number) =>
      fetch(`${app.url}/api/capture?takeID=${take._id}&entityName=Burst${i}`, { headers: { 'X-Forwarded-For': `198.51.100.${100 + i}` } });
    const replies = await Promise.all(Array.from({ length: 16 }, (_, i) => capture(i)));
    await expectRenderCap(replies, /share images/);
    // Every slot came back: the next one renders.
    expect((await capture(20)).status).toBe(200);
  }, 120_000);
});
