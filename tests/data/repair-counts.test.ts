import mongoose from 'mongoose';
import { repairCounts } from '@/lib/data/maintenance/repair';
import { getTakeCounts } from '@/lib/data/takes/takes';
import { CallerStat, EntityStat, Take, User } from '@/models';
import { followFan, PLAYER, postTake, react, removeTake, signUp } from '@/tests/data/support/fans';

it('recomputes drifted counters from the facts, reports them, and changes nothing the second time', async () => {
  const author = await signUp('drift');
  const fan = await signUp('driftfan');
  const take = await postTake(author);
  // postTake is about PLAYER unless told otherwise.
  const entityKey = `player:${PLAYER.id}`;
  await react(fan, take._id, 'like');
  await followFan(fan, author);

  // Counters drift (say, a write lost between the fact and its $inc): likes and followers disagree with the facts.
  await Take.updateOne({ _id: take._id }, { $set: { likes: 7, wilson: 0.9 } });
  await User.updateOne({ _id: author.id }, { $set: { followersCount: 0 } });
  // And the entity's trending score, which is kept as a sum like its counts.
  await EntityStat.updateOne({ _id: entityKey }, { $set: { score: 99_999 } });

  // A dry run reports the drift, ranking keys included, and writes nothing.
  const found = await repairCounts({ dryRun: true });
  expect(found).toEqual(
    expect.arrayContaining([
      { collection: 'takes', id: take._id, field: 'likes', was: 7, now: 1 },
      { collection: 'takes', id: take._id, field: 'wilson', was: 0.9, now: expect.any(Number), derived: true },
      { collection: 'users', id: author._id, field: 'followersCount', was: 0, now: 1 },
      { collection: 'entitystats', id: entityKey, field: 'score', was: 99_999, now: expect.any(Number) },
    ]),
  );
  expect(await Take.findById(take._id).lean()).toMatchObject({ likes: 7, wilson: 0.9 });

  const fixes = await repairCounts();
  expect(fixes).toEqual(
    expect.arrayContaining([
      { collection: 'takes', id: take._id, field: 'likes', was: 7, now: 1 },
      { collection: 'users', id: author._id, field: 'followersCount', was: 0, now: 1 },
    ]),
  );
  expect((await getTakeCounts(take._id)).likes).toBe(1);
  const stat = await EntityStat.findById(entityKey).lean();
  expect(stat?.score).toBe(stat!.likes + 2 * stat!.comments + 3 * stat!.shares);
  expect(await repairCounts()).toEqual([]);
});

it("recomputes callers' standings from their scored receipts, and removes a standing with none under it", async () => {
  const author = await signUp('standing');
  const take = await postTake(author, { checkBack: { preset: '30-days' } });
  // Deleted days after it was posted: scored as aged poorly, a standing of one scored receipt.
  await Take.collection.updateOne(
    { _id: new mongoose.Types.ObjectId(take._id) },
    { $set: { createdAt: new Date(Date.now() - 3 * 86_400_000) } },
  );
  await removeTake(author, take._id);
  const id = `all:${author._id}`;
  expect(await CallerStat.findById(id).lean()).toMatchObject({ scored: 1, poorly: 1, points: -1 });

  await CallerStat.updateOne({ _id: id }, { $set: { scored: 4, rating: 2 } });
  const orphan = `all:${new mongoose.Types.ObjectId().toHexString()}`;
  await CallerStat.collection.insertOne({
    _id: orphan as never,
    board: 'all',
    user: new mongoose.Types.ObjectId(),
    scored: 6,
    updatedAt: new Date(),
  });

  const found = await repairCounts({ dryRun: true });
  expect(found).toEqual(
    expect.arrayContaining([
      { collection: 'callerstats', id, field: 'scored', was: 4, now: 1 },
      { collection: 'callerstats', id, field: 'rating', was: 2, now: -1 / 11 },
      { collection: 'callerstats', id: orphan, field: 'scored', was: 6, now: 0 },
    ]),
  );
  expect(await CallerStat.findById(id).lean()).toMatchObject({ scored: 4 });

  expect(await repairCounts()).toEqual(expect.arrayContaining([{ collection: 'callerstats', id, field: 'scored', was: 4, now: 1 }]));
  expect(await CallerStat.findById(id).lean()).toMatchObject({ scored: 1, rating: -1 / 11 });
  expect(await CallerStat.findById(orphan).lean()).toBeNull();
  expect(await repairCounts()).toEqual([]);
});
