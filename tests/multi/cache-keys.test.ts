import { randomBytes } from 'node:crypto';
import { createClient } from '@redis/client';
import mongoose from 'mongoose';
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
async function footprint(): Promise<{ keys: number; fields: number; names: string[] }> {
  const names = await redis.keys('*');
  let fields = 0;
  for (const key of names) if ((await redis.type(key)) === 'hash') fields += await redis.hLen(key);
  return { keys: names.length, fields, names };
}

/** A game on the schedule, written as the league's importer writes one. */
async function gameIn(uri: string, game: { _id: number; home: number; away: number; tipoff: Date }): Promise<void> {
  const client = new mongoose.mongo.MongoClient(uri);
  try {
    const at = new Date();
    await client
      .db()
      .collection<{ _id: number } & Record<string, unknown>>('games')
      .insertOne({ ...game, season: '2026-27', status: 'live', homeScore: 50, awayScore: 48, createdAt: at, updatedAt: at });
  } finally {
    await client.close();
  }
}

it('1,000 polls of made-up ids, pages, cursors, days and words, over every cached read a client can name, add fewer than 10 keys', async () => {
  const author = await signUp('cachekeys');
  const take = await postTake(author, { title: 'Polled by strangers' });
  const made = await call('POST', '/api/comments', {
    token: author.idToken,
    body: { text: 'A comment to page through', postID: take._id },
  });
  expect(made.status).toBe(201);
  const team = TEAMS[0]!.id;
  const player = PLAYERS[0]!.id;
  // A game of its own, so the game's reads have something real beside the made-up ones.
  const game = 960_000_000 + Math.floor(Math.random() * 1_000_000);
  const tipoff = new Date(Date.now() - 60 * 60 * 1000);
  await gameIn(cluster.uri, { _id: game, home: team, away: TEAMS[1]!.id, tipoff });
  const day = tipoff.toISOString().slice(0, 10);
  // What the site's own pages and polls cache, on both instances.
  const warm = [
    `/api/takes/${take._id}/live`,
    `/api/takes/${take._id}`,
    `/api/comments?postID=${take._id}`,
    `/api/comments/top?postID=${take._id}`,
    `/api/comments?postID=${made.body._id}`,
    '/api/takes',
    '/api/callers',
    '/api/callers?board=all',
    `/api/callers?team=${team}`,
    `/api/games/${game}`,
    `/api/games/${game}/live`,
    `/api/games/${game}/takes`,
    `/api/games?date=${day}&tz=UTC`,
    `/api/players/${player}`,
    `/api/teams/${team}`,
    '/api/search/takes?q=strangers',
  ];
  for (const path of warm) for (const i of [0, 1]) expect([path, (await call('GET', path, on(i))).status]).toEqual([path, 200]);
  const before = await footprint();

  // Every read through the data cache whose key a client writes (lib/data/): each kind makes up what it names.
  const year = (i: number) => 1950 + (i % 240);
  const kinds: [string, (i: number, id: string) => string][] = [
    ['live take', (_, id) => `/api/takes/${id}/live`],
    ['live take, upper case', (_, id) => `/api/takes/${id.toUpperCase()}/live`],
    ['take', (_, id) => `/api/takes/${id}`],
    ['comments', (_, id) => `/api/comments?postID=${id}`],
    ['top comment', (_, id) => `/api/comments/top?postID=${id}`],
    ['comments after a skip', (i) => `/api/comments?postID=${take._id}&skip=${1 + (i % 5000)}`],
    ['comments after a cursor', () => `/api/comments?postID=${take._id}&cursor=${randomCursor()}`],
    ['comments, a limit and a skip', (i) => `/api/comments?postID=${take._id}&limit=${1 + (i % 50)}&skip=${i}`],
    ['feed after a cursor', () => `/api/takes?cursor=${randomCursor()}`],
    ['callers after a cursor', (i, id) => `/api/callers?cursor=${encodeURIComponent(`${Math.random()}_${id}_${i}`)}`],
    ['callers of a season', (i) => `/api/callers?season=${1000 + i}-${String((1001 + i) % 100).padStart(2, '0')}`],
    ['callers of a team', (i) => `/api/callers?team=${1_700_000_000 + i}`],
    ['live game', (i) => `/api/games/${970_000_000 + i}/live`],
    ['game', (i) => `/api/games/${970_000_000 + i}`],
    ['game thread', (i) => `/api/games/${970_000_000 + i}/takes`],
    ['game thread after a cursor', () => `/api/games/${game}/takes?cursor=${randomCursor()}`],
    ['slate of a day', (i) => `/api/games?date=${year(i)}-0${1 + (i % 9)}-1${i % 10}&tz=UTC`],
    ['player', (i) => `/api/players/${1_900_000_000 + i}`],
    ['player after a skip', (i) => `/api/players/${player}?skip=${1 + i}`],
    ['team', (i) => `/api/teams/${1_800_000_000 + i}`],
    ['search', (_, id) => `/api/search/takes?q=${id}`],
    ['share image', (_, id) => `/api/capture?takeID=${id}`],
    ['take page', (_, id) => `/takes/${id}`],
    ['game page', (i) => `/games/${970_000_000 + i}`],
    ['topic page', (_, id) => `/topics/zz${id}`],
    ['profile page', (_, id) => `/profile/${id}`],
  ];
  const polls: [string, string][] = [];
  for (let i = 0; i < 1040; i += 1) {
    const [kind, path] = kinds[i % kinds.length]!;
    polls.push([kind, path(i, randomId())]);
  }
  // Every made-up thing is refused (400, 404) or empty (200), never an error; anything else is printed with its kind.
  const unexpected: string[] = [];
  for (let i = 0; i < polls.length; i += 20) {
    const batch = await Promise.all(polls.slice(i, i + 20).map(([, path], j) => call('GET', path, on((i + j) % 2))));
    batch.forEach((reply, j) => {
      const [kind, path] = polls[i + j]!;
      if (![200, 400, 404].includes(reply.status)) unexpected.push(`${kind}: ${reply.status} for ${path}`);
    });
  }
  expect(unexpected).toEqual([]);

  const after = await footprint();
  // Printed when there are too many: the keys say which read kept them.
  const added = after.names.filter((name) => !before.names.includes(name));
  expect(added.length < 10 ? [] : added.slice(0, 40)).toEqual([]);
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
