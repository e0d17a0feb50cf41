import { execFileSync, type ChildProcess } from 'node:child_process';
import mongoose from 'mongoose';
import { call, inFuture, takeBody } from '@/tests/support/api';
import { createAccount } from '@/tests/support/emulator';
import { startApp, stopTree } from '@/tests/support/processes';

// Its own server and database: the shared API server trusts no proxy, so it knows no client's address. This one stands
// behind one proxy (TAKES_TRUSTED_PROXY_HOPS=1), so a test's X-Forwarded-For is the address a fan signs up from.
const uri = process.env.MONGODB_URI!.replace(/\/[^/]*$/, `/takes-cohorts-${Date.now().toString(36)}`);
let app: { url: string; child: ChildProcess };
let db: mongoose.Connection;

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

beforeAll(async () => {
  execFileSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/seed.ts', '--reference-only'], {
    env: { ...process.env, MONGODB_URI: uri },
  });
  db = await mongoose.createConnection(uri).asPromise();
  app = await startApp(uri, { RATE_LIMIT_SCALE: '1000', TAKES_TRUSTED_PROXY_HOPS: '1' });
}, 120_000);

afterAll(async () => {
  stopTree(app.child);
  await db.dropDatabase();
  await db.close();
});

type Fan = { uid: string; idToken: string; _id: string };
let n = 0;

/** A fan signing up from `address`, at the server's time moved by `headers`. */
async function signUpFrom(address: string, headers: Record<string, string> = {}): Promise<Fan> {
  const account = await createAccount('cohort');
  n += 1;
  const username = `co${Date.now().toString(36).slice(-6)}${n}`;
  const reply = await call('POST', '/api/users', {
    base: app.url,
    token: account.idToken,
    body: { username },
    headers: { 'X-Forwarded-For': address, ...headers },
  });
  if (reply.status !== 201) throw new Error(`sign-up failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return { ...account, _id: reply.body._id };
}

const cohortOf = async (fan: Fan) =>
  (await db.collection('users').findOne({ _id: new mongoose.Types.ObjectId(fan._id) }))?.signupCohort as mongoose.Types.ObjectId | null;

it('gives accounts made from one network within a week one cohort, and keeps nothing of the address past that week', async () => {
  const [first, second] = [await signUpFrom('203.0.113.9'), await signUpFrom('203.0.113.9')];
  const neighbour = await signUpFrom('203.0.113.10');
  // One IPv6 subscriber holds a /64; an address in a private range names no network, behind a proxy that forgot it.
  const [v6a, v6b] = [await signUpFrom('2001:db8:5:6::1'), await signUpFrom('2001:db8:5:6:ffff::2')];
  const privateOne = await signUpFrom('10.0.0.4');
  const nextWeek = await signUpFrom('203.0.113.9', inFuture(8 * DAY));

  const cohort = await cohortOf(first);
  expect(cohort).toBeInstanceOf(mongoose.Types.ObjectId);
  expect(await cohortOf(second)).toEqual(cohort);
  expect(await cohortOf(neighbour)).not.toEqual(cohort);
  expect(await cohortOf(v6a)).toEqual(await cohortOf(v6b));
  expect(await cohortOf(v6a)).not.toBeNull();
  expect(await cohortOf(privateOne)).toBeNull();
  expect(await cohortOf(nextWeek)).not.toEqual(cohort);
  expect(await cohortOf(nextWeek)).not.toBeNull();

  // The network is kept as a digest, only in its week's window; the scheduled job sweeps the windows that ended.
  const windows = await db
    .collection('ratelimits')
    .find({ key: { $regex: '^signupNetwork:' } })
    .toArray();
  expect(windows.length).toBeGreaterThanOrEqual(3);
  expect(windows.every((w) => /^signupNetwork:[0-9a-f]{32}$/.test(w.key))).toBe(true);
  const secret = process.env.CRON_SECRET!;
  const swept = await call('GET', '/api/cron', { base: app.url, headers: { Authorization: `Bearer ${secret}`, ...inFuture(16 * DAY) } });
  expect(swept.status).toBe(200);
  expect(await db.collection('ratelimits').countDocuments({ key: { $regex: '^signupNetwork:' } })).toBe(0);
  expect(await cohortOf(second)).toEqual(cohort);
}, 60_000);

it("counts accounts made together as one voter, and one made on the author's network not at all", async () => {
  const author = await signUpFrom('198.51.100.20');
  const together = await Promise.all(Array.from({ length: 6 }, () => signUpFrom('198.51.100.30')));
  const apart = await Promise.all(Array.from({ length: 6 }, (_, i) => signUpFrom(`198.51.100.${40 + i}`)));
  const friend = await signUpFrom('198.51.100.20');
  const voters = [...together, ...apart, friend];
  const ids = (fans: Fan[]) => fans.map((f) => new mongoose.Types.ObjectId(f._id));

  // Every voter with standing: accounts 300 days old that liked a take 200 days ago.
  const host = await signUpFrom('198.51.100.99');
  const plain = (await call('POST', '/api/takes', { base: app.url, token: host.idToken, body: takeBody() })).body;
  for (const fan of voters) {
    const liked = await call('POST', '/api/user-action', {
      base: app.url,
      token: fan.idToken,
      body: { actionType: 'like', postID: plain._id },
    });
    expect(liked.status).toBe(200);
  }
  await db
    .collection('useractions')
    .updateMany({ user: { $in: ids(voters) } }, { $set: { createdAt: daysAgo(200), updatedAt: daysAgo(200) } });
  await db.collection('users').updateMany({ _id: { $in: ids([...voters, author]) } }, { $set: { createdAt: daysAgo(300) } });

  const posted = await call('POST', '/api/takes', {
    base: app.url,
    token: author.idToken,
    body: takeBody({ checkBack: { preset: '30-days' } }),
  });
  expect(posted.status).toBe(201);
  const takeId = new mongoose.Types.ObjectId(posted.body._id);
  await db.collection('takes').updateOne({ _id: takeId }, { $set: { createdAt: daysAgo(40), checkBackAt: daysAgo(10) } });
  for (const fan of voters) {
    const voted = await call('POST', `/api/takes/${takeId}/receipt`, { base: app.url, token: fan.idToken, body: { vote: 'well' } });
    expect(voted.status).toBe(200);
  }
  const job = await call('GET', '/api/cron', { base: app.url, headers: { Authorization: `Bearer ${process.env.CRON_SECRET}` } });
  expect(job.status).toBe(200);
  // Thirteen votes: the six made together count as one, the author's housemate as none: seven, too few for a verdict.
  expect(await db.collection('callerscores').findOne({ _id: takeId })).toMatchObject({ countedWell: 7, verdict: 'close', points: 0 });
}, 120_000);
