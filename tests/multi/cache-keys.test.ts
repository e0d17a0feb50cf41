import { randomBytes } from 'node:crypto';
import { createClient } from '@redis/client';
import { call, PLAYERS, postTake, signUp, TEAMS } from '@/tests/support/api';
import { startCluster, stopCluster, type Cluster } from '@/tests/support/cluster';

/**
 * Issue #38 item 3: with REDIS_URL, what a client writes in a URL never grows the shared cache, and what the cache
 * holds never makes a write slower. Two instances over one Redis, as a self-hosted deployment runs them.
 */

let cluster: Cluster;
let redis: ReturnType<typeof createClient>;
const on = (i: number) => ({ base: cluster.instances[i]!.url });

beforeAll(async () => {
  cluster = await startCluster('cachekeys', 2);
  process.env.API_BASE_URL = cluster.instances[0]!.url;
  redis = createClient({ url: cluster.redisUrl });
  await redis.connect();
}, 180_000);

afterAll(async () => {
  await redis?.quit();
  stopCluster(cluster);
});

const randomId = () => randomBytes(12).toString('hex');
const randomCursor = () => `${Date.now() - Math.floor(Math.random() * 1e9)}_${randomId()}`;

/** What the cache keeps in Redis: its keys, and the fields of every hash among them (the bookkeeping a revalidation may read). */
async function footprint(): Promise<{ keys: number; fields: number }> {
  const keys = await redis.keys('*');
  let fields = 0;
  for (const key of keys) if ((await redis.type(key)) === 'hash') fields += await redis.hLen(key);
  return { keys: keys.length, fields };
}

it('1,000 polls of made-up ids, pages and cursors add fewer than 10 keys', async () => {
  const author = await signUp('cachekeys');
  const take = await postTake(author, { title: 'Polled by strangers' });
  const made = await call('POST', '/api/comments', {
    token: author.idToken,
    body: { text: 'A comment to page through', postID: take._id },
  });
  expect(made.status).toBe(201);
  // What the site's own pages and polls cache, on both instances.
  const warm = [
    `/api/takes/${take._id}/live`,
    `/api/comments?postID=${take._id}`,
    `/api/comments/top?postID=${take._id}`,
    `/api/comments?postID=${made.body._id}`,
    '/api/takes',
    '/api/callers',
    '/api/callers?board=all',
  ];
  for (const path of warm) for (const i of [0, 1]) expect((await call('GET', path, on(i))).status).toBe(200);
  const before = await footprint();

  const polls: string[] = [];
  for (let i = 0; i < 1000; i += 1) {
    const id = randomId();
    const kinds = [
      `/api/takes/${id}/live`,
      `/api/takes/${id.toUpperCase()}/live`,
      `/api/comments?postID=${id}`,
      `/api/comments/top?postID=${id}`,
      `/api/comments?postID=${take._id}&skip=${1 + (i % 5000)}`,
      `/api/comments?postID=${take._id}&cursor=${randomCursor()}`,
      `/api/comments?postID=${take._id}&limit=${1 + (i % 50)}&skip=${i}`,
      `/api/takes?cursor=${randomCursor()}`,
      `/api/callers?cursor=${encodeURIComponent(`${Math.random()}_${id}_${i}`)}`,
      `/api/callers?season=${1000 + i}-${String((1001 + i) % 100).padStart(2, '0')}`,
    ];
    polls.push(kinds[i % kinds.length]!);
  }
  const answered = new Map<number, number>();
  for (let i = 0; i < polls.length; i += 20) {
    const batch = await Promise.all(polls.slice(i, i + 20).map((path, j) => call('GET', path, on((i + j) % 2))));
    for (const reply of batch) answered.set(reply.status, (answered.get(reply.status) ?? 0) + 1);
  }
  // Every made-up thing is refused or empty, never an error.
  expect([...answered.keys()].every((status) => status === 200 || status === 404)).toBe(true);

  const after = await footprint();
  expect(after.keys - before.keys).toBeLessThan(10);
  expect(after.fields - before.fields).toBeLessThan(10);
}, 300_000);

it('keeps no bookkeeping that grows with the entries it holds, so a write costs the same however full it is', async () => {
  // Legitimate entries, as readers make them: every player's and team's page of takes, in several page sizes.
  const paths = [...PLAYERS.map((p) => `/api/players/${p.id}`), ...TEAMS.map((t) => `/api/teams/${t.id}`)];
  const before = await footprint();
  for (const limit of [10, 20, 30]) {
    for (let i = 0; i < paths.length; i += 20) {
      const batch = await Promise.all(paths.slice(i, i + 20).map((path, j) => call('GET', `${path}?limit=${limit}`, on(j % 2))));
      expect(batch.every((reply) => reply.status === 200)).toBe(true);
    }
  }
  const after = await footprint();
  expect(after.keys - before.keys).toBeGreaterThan(600);
  // Expiring a tag reads what the entries left beside them (bench/README.md measures what a write costs as the cache grows):
  // nothing, whatever their number.
  expect(after.fields - before.fields).toBeLessThan(10);
}, 300_000);
