import { randomBytes } from 'node:crypto';
import path from 'node:path';
import mongoose from 'mongoose';
import { ensureSchema } from '@/lib/data/maintenance/schema';
import { dbConnect, dbDisconnect, prepareConnectionWith } from '@/lib/db';

/**
 * Each data test file works in a database of its own, so no file sees another's data and a test makes what it reads.
 * It starts as a copy of the run's template (tests/data/support/global-setup.mjs): every document and index of a
 * database a server prepared as a new deployment's, which is what this file would get by preparing its own (the copy
 * costs a fraction of the league's import). The connection is then prepared as a server's is (instrumentation.ts),
 * which finds this release's schema applied. The name is set before lib/env.ts first parses the environment, which it
 * does on the first connection.
 */
const file = path.basename(expect.getState().testPath ?? 'data', '.test.ts');
const name = `data-${file}`.slice(0, 50) + `-${randomBytes(4).toString('hex')}`;
process.env.MONGODB_DB = name;
// lib/env.ts wants a Firebase project; no data function asks Firebase anything.
process.env.FIREBASE_PROJECT_ID ??= 'demo-takes';
// The administrator tests/data/support/fans.ts signs in as.
process.env.TAKES_ADMIN_UIDS ||= 'data-admin';

// As the API suite's busiest tests allow: a bound on a test that hangs, never a wait (a shared two-core machine can run
// ten times slower than a quiet one).
jest.setTimeout(120_000);

async function copyTemplate(): Promise<void> {
  const template = process.env.DATA_TEMPLATE_DB;
  if (!template) throw new Error('DATA_TEMPLATE_DB is not set: run the data tests with npm run test:data');
  const client = await new mongoose.mongo.MongoClient(process.env.MONGODB_URI!).connect();
  try {
    const [from, into] = [client.db(template), client.db(name)];
    for (const { name: collection } of await from.listCollections().toArray()) {
      const indexes = (await from.collection(collection).indexes())
        .filter((index) => index.name !== '_id_')
        .map((index) => Object.fromEntries(Object.entries(index).filter(([key]) => key !== 'v' && key !== 'ns')));
      await into.createCollection(collection);
      if (indexes.length > 0) await into.collection(collection).createIndexes(indexes as mongoose.mongo.IndexDescription[]);
      const docs = await from.collection(collection).find({}).toArray();
      if (docs.length > 0) await into.collection(collection).insertMany(docs);
    }
  } finally {
    await client.close();
  }
}

beforeAll(async () => {
  await copyTemplate();
  prepareConnectionWith(ensureSchema);
  await dbConnect();
}, 120_000);

afterAll(async () => {
  await mongoose.connection.dropDatabase();
  await dbDisconnect();
});
