import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import mongoose from 'mongoose';
import { seasonOf } from '@/lib/callers/callers';

const DAY = 24 * 60 * 60 * 1000;

const uri = process.env.MONGODB_URI!.replace(/\/[^/]*$/, `/takes-seed-${Date.now().toString(36)}`);

function seed() {
  return execFileSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/seed.ts'], {
    env: { ...process.env, MONGODB_URI: uri },
    encoding: 'utf8',
  });
}

/**
 * Every collection's documents, hashed, so any change at all shows. The league's version (systemstate "league")
 * moves whenever the re-imported slate changes, so it is kept apart from the hash, as `leagueVersion`.
 */
async function fingerprint(): Promise<{ collections: Record<string, { count: number; hash: string }>; leagueVersion: number }> {
  const connection = await mongoose.createConnection(uri).asPromise();
  try {
    const collections: Record<string, { count: number; hash: string }> = {};
    let leagueVersion = 0;
    for (const { name } of await connection.db!.listCollections().toArray()) {
      let docs = await connection.db!.collection(name).find({}).sort({ _id: 1 }).toArray();
      if (name === 'systemstate') {
        leagueVersion = Number(docs.find((d) => d._id === ('league' as unknown))?.version ?? 0);
        docs = docs.filter((d) => d._id !== ('league' as unknown));
      }
      collections[name] = { count: docs.length, hash: createHash('sha256').update(JSON.stringify(docs)).digest('hex') };
    }
    return { collections, leagueVersion };
  } finally {
    await connection.close();
  }
}

it('loads the demo data, and a second run changes nothing', async () => {
  expect(seed()).toMatch(/330 takes/);
  const { collections: first, leagueVersion: firstVersion } = await fingerprint();
  expect(first.takes?.count).toBeGreaterThanOrEqual(300);
  expect(first.teams?.count).toBe(30);
  expect(first.players?.count).toBeGreaterThanOrEqual(150);
  expect(first.users?.count).toBeGreaterThanOrEqual(25);

  expect(seed()).toMatch(/0 takes/);
  // The slate around today is imported again on every run, its statuses and scores as of the moment it runs (a live
  // game's score moves with the clock, through the league's batches): the same games, and nothing else changed.
  const second = await fingerprint();
  const { games, leaguebatches, leaguechanges, ...again } = second.collections;
  const { games: firstGames, leaguebatches: _batches, leaguechanges: _changes, ...rest } = first;
  expect(games?.count).toBe(firstGames?.count);
  expect(second.leagueVersion).toBeGreaterThanOrEqual(firstVersion);
  expect(leaguebatches?.count ?? 0).toBeGreaterThanOrEqual(_batches?.count ?? 0);
  expect(leaguechanges?.count ?? 0).toBeGreaterThanOrEqual(_changes?.count ?? 0);
  expect(again).toEqual(rest);
}, 240_000);

it('seeds counters, entity stats and standings that agree with their facts', () => {
  // The dry run of npm run repair-counts: every counter, ranking key and caller standing recomputed and compared.
  const report = execFileSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/repair-counts.ts', '--dry-run'], {
    env: { ...process.env, MONGODB_URI: uri },
    encoding: 'utf8',
  });
  expect(JSON.parse(report.trim().split('\n').pop()!)).toEqual({ counters: 0, rankingKeys: 0 });
}, 120_000);

it("scores this season's demo receipts: 10+ qualified callers, a provisional one, and two lucky calls on no board", async () => {
  const connection = await mongoose.createConnection(uri).asPromise();
  try {
    const stats = connection.db!.collection<{
      _id: string;
      board: string;
      user: unknown;
      qualified: boolean;
      provisional: boolean;
      scored: number;
      rating: number;
    }>('callerstats');
    const season = seasonOf(new Date(Date.now() - 8 * DAY));
    const board = await stats.find({ board: season }).toArray();
    const qualified = board.filter((s) => s.qualified);
    expect(qualified.length).toBeGreaterThanOrEqual(10);
    expect(qualified.filter((s) => s.provisional)).toHaveLength(1);
    expect(qualified.filter((s) => s.provisional)[0]!.scored).toBeGreaterThanOrEqual(5);

    const users = connection.db!.collection<{ _id: unknown; username: string }>('users');
    const lucky = await users.findOne({ username: 'longshotlarry' });
    const luckyStat = board.find((s) => String(s.user) === String(lucky!._id));
    // Two long shots that aged well: a rating above every qualified caller's, and no place on the board.
    expect(luckyStat).toMatchObject({ scored: 2, qualified: false });
    expect(luckyStat!.rating).toBeGreaterThan(Math.max(...qualified.map((s) => s.rating)));

    // A verdict its author's followers decided, for the moderation queue.
    expect(await connection.db!.collection('callerscores').countDocuments({ followed: true })).toBeGreaterThanOrEqual(1);
  } finally {
    await connection.close();
  }
});
