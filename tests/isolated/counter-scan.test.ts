import mongoose from 'mongoose';
import { runCounterChecks } from '@/lib/data/counters/counter-checks';
import { dbConnect, dbDisconnect } from '@/lib/db';
import { SystemState, Take, UserAction } from '@/models';

// The scheduled job's counter checks on a busy site: a day of reactions between two runs (Vercel Hobby runs the job
// once a day), read in rounds from a stored position until caught up (lib/data/counters/counter-checks.ts). On a
// database of this file's own, beside the suite's, so its thousands of facts and its scan positions disturb no other
// test and no other test's reactions move its positions.
process.env.MONGODB_URI = process.env.MONGODB_URI!.replace(/\/[^/]*$/, `/takes-scan-${Date.now().toString(36)}`);

/** More than one round reads: the scan reads 2,000 facts of a collection per round. */
const ROUND = 2000;

beforeAll(async () => {
  await dbConnect();
  await Promise.all([UserAction.createIndexes(), Take.createIndexes()]);
}, 60_000);
afterAll(async () => {
  await mongoose.connection.db?.dropDatabase();
  await dbDisconnect();
});

/** Takes whose stored like counts are all 0, posted long before the scan's window. */
async function takes(count: number): Promise<mongoose.Types.ObjectId[]> {
  const ids = Array.from({ length: count }, () => new mongoose.Types.ObjectId());
  const postedAt = new Date(Date.now() - 3 * 86_400_000);
  await Take.collection.insertMany(
    ids.map((_id) => ({
      _id,
      title: 'A take',
      createdBy: new mongoose.Types.ObjectId(),
      entityType: 'topic',
      entityKey: 'topic:scan-test',
      entityKeys: ['topic:scan-test'],
      likes: 0,
      createdAt: postedAt,
      updatedAt: postedAt,
    })),
  );
  return ids;
}

/** `count` likes by distinct fans on `take`, stamped by `at(i)`: facts whose counter moves were lost. */
async function likes(take: mongoose.Types.ObjectId, count: number, at: (i: number) => Date): Promise<void> {
  await UserAction.collection.insertMany(
    Array.from({ length: count }, (_, i) => ({
      user: new mongoose.Types.ObjectId(),
      targetType: 'take',
      target: take,
      slot: 'reaction',
      actionType: 'like',
      team: null,
      createdAt: at(i),
      updatedAt: at(i),
    })),
  );
}

const storedLikes = async (ids: mongoose.Types.ObjectId[]) =>
  (
    await Take.find({ _id: mongoose.trusted({ $in: ids }) })
      .select({ likes: 1 })
      .lean<{ _id: mongoose.Types.ObjectId; likes: number }[]>()
  )
    .map((t) => [String(t._id), t.likes])
    .sort();
const expected = (ids: mongoose.Types.ObjectId[], each: number) => ids.map((id) => [String(id), each]).sort();
const position = async () =>
  (await SystemState.findById('counter-scan').lean<{ cursors?: { useractions?: Date } }>())?.cursors?.useractions?.getTime() ?? 0;
/** Where the last run stopped: the scan starts there (less its overlap) on the next. */
const startScanAt = (at: Date) =>
  SystemState.updateOne({ _id: 'counter-scan' }, { $set: { at }, $unset: { cursors: 1 } }, { upsert: true });

it('one run checks every fact changed since the last, though a day brought three rounds of them in one burst', async () => {
  const ids = await takes(40);
  const each = Math.ceil((3 * ROUND + 500) / ids.length);
  // Ten minutes ago, within five seconds: take by take, so the first round's facts are the first takes' only.
  const burst = Date.now() - 10 * 60_000;
  for (const [i, id] of ids.entries()) await likes(id, each, (j) => new Date(burst + i * 100 + (j % 100)));
  await startScanAt(new Date(burst - 60_000));

  const run = await runCounterChecks();

  expect(await storedLikes(ids)).toEqual(expected(ids, each));
  expect(run.behind).toBe(false);
  // The next run starts from where this one got: the moment it started, past every fact above.
  expect(await position()).toBeGreaterThan(burst + ids.length * 100);
}, 180_000);

it('a run stopped by its time budget is resumed by the next from where it stopped, past a millisecond holding more than a round', async () => {
  const ids = await takes(10);
  const tied = new Date(Date.now() - 5 * 60_000);
  // 2,500 likes stamped in the same millisecond (one bulk write), then 2,500 in the ten seconds after.
  for (const id of ids) await likes(id, 250, () => tied);
  for (const id of ids) await likes(id, 250, (j) => new Date(tied.getTime() + 1 + j * 40));
  await startScanAt(new Date(tied.getTime() - 60_000));

  // No time at all: each run reads as little as it may, which is past where the one before it stopped.
  const positions: number[] = [];
  let run = await runCounterChecks({ budgetMs: 0 });
  positions.push(await position());
  while (run.behind && positions.length < 10) {
    run = await runCounterChecks({ budgetMs: 0 });
    positions.push(await position());
  }

  expect(await storedLikes(ids)).toEqual(expected(ids, 500));
  expect(run.behind).toBe(false);
  expect(positions.length).toBeGreaterThan(1);
  for (let i = 1; i < positions.length; i += 1) expect(positions[i]).toBeGreaterThan(positions[i - 1]!);
}, 300_000);
