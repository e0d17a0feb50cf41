import mongoose from 'mongoose';
import { Follow, Take, User, UserAction } from '@/models';

const id = () => new mongoose.Types.ObjectId();

// Each data test file's database gets the schema as a server applies it when it starts (lib/data/maintenance/schema.ts,
// through tests/data/support/database.ts): the unique indexes below are there without a seed.

describe('unique indexes on the real database', () => {
  it('refuse a second identical action by one user on one target', async () => {
    const fact = { user: id(), targetType: 'take', target: id(), slot: 'reaction', actionType: 'like' } as const;
    await UserAction.create(fact);
    await expect(UserAction.create({ ...fact, actionType: 'dislike' })).rejects.toMatchObject({ code: 11000 });
    expect(await UserAction.countDocuments({ user: fact.user })).toBe(1);
  });

  it('refuse a duplicate follow', async () => {
    const pair = { follower: id(), followee: id() };
    await Follow.create(pair);
    await expect(Follow.create(pair)).rejects.toMatchObject({ code: 11000 });
  });

  it('refuse a username that differs only in case', async () => {
    const name = `dup${Date.now().toString(36)}`.slice(0, 15);
    await User.create({ firebaseUID: `uid-${id()}`, username: name });
    await expect(User.create({ firebaseUID: `uid-${id()}`, username: name.toUpperCase() })).rejects.toMatchObject({ code: 11000 });
  });
});

describe('a query naming a unique key and more conditions', () => {
  // What conditional writes rely on (a league change at its revision, a rate limit's live window): the local engine
  // finds such documents through the unique index (localdb/), and every other condition must still hold.
  it('matches only the documents that meet all of them, in reads, updates, upserts and deletes', async () => {
    // The engine's own behaviour, on a collection no model has, through a client of the test's own: its commands are
    // not the data layer's, whose the index-coverage test judges (tests/api/index-coverage.test.ts).
    const client = await new mongoose.mongo.MongoClient(process.env.MONGODB_URI!).connect();
    const collection = client.db(mongoose.connection.name).collection(`conditions_${Date.now().toString(36)}`);
    await collection.createIndex({ key: 1 }, { unique: true });
    await collection.insertMany([
      { _id: 1, key: 'a', rev: 1 },
      { _id: 2, key: 'b', rev: 5 },
    ] as never[]);
    try {
      expect(await collection.find({ _id: 1, rev: 2 } as never).toArray()).toEqual([]);
      expect(await collection.find({ key: 'b', rev: { $gt: 4 } }).toArray()).toEqual([{ _id: 2, key: 'b', rev: 5 }]);
      expect((await collection.updateOne({ _id: 1, rev: 2 } as never, { $inc: { rev: 1 } })).matchedCount).toBe(0);
      expect((await collection.updateOne({ _id: 1, rev: 1 } as never, { $inc: { rev: 1 } })).modifiedCount).toBe(1);
      // The key is taken and its document fails the condition: the upsert's insert collides on the unique key.
      await expect(collection.updateOne({ key: 'b', rev: 0 }, { $set: { rev: 9 } }, { upsert: true })).rejects.toMatchObject({
        code: 11000,
      });
      expect((await collection.deleteOne({ key: 'b', rev: 4 })).deletedCount).toBe(0);
      expect(await collection.find({}).sort({ _id: 1 }).toArray()).toEqual([
        { _id: 1, key: 'a', rev: 2 },
        { _id: 2, key: 'b', rev: 5 },
      ]);
    } finally {
      await collection.drop();
      await client.close();
    }
  });
});

describe("the app's connection", () => {
  it('keeps 50 concurrent $inc on one document exact through several pooled connections', async () => {
    const take = await Take.create({
      title: 't',
      description: 'd',
      entityType: 'special',
      specialID: 'mvp-race',
      entityKey: 'special:mvp-race',
      createdBy: id(),
      score: 0,
    });
    const client = mongoose.connection.getClient();
    const connections = new Set<number | string>();
    const seen = (event: { connectionId: number | string }) => connections.add(event.connectionId);
    client.on('connectionCheckedOut', seen);
    try {
      await Promise.all(Array.from({ length: 50 }, () => Take.updateOne({ _id: take._id }, { $inc: { likes: 1 } })));
    } finally {
      client.off('connectionCheckedOut', seen);
    }
    expect(connections.size).toBeGreaterThan(1);
    const after = await Take.findById(take._id).lean();
    expect(after?.likes).toBe(50);
  });
});
