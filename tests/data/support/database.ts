import { randomBytes } from 'node:crypto';
import path from 'node:path';
import mongoose from 'mongoose';
import { ensureSchema } from '@/lib/data/maintenance/schema';
import { dbConnect, dbDisconnect, prepareConnectionWith } from '@/lib/db';

/**
 * Each data test file works in a database of its own on the engine tests/data/support/global-setup.mjs started,
 * prepared as a server prepares a new deployment's (instrumentation.ts): this release's indexes, the migrations and
 * the shipped league. No file sees another's data, and a test makes what it reads. The name is set before lib/env.ts
 * first parses the environment, which it does on the first connection.
 */
const file = path.basename(expect.getState().testPath ?? 'data', '.test.ts');
process.env.MONGODB_DB = `data-${file}`.slice(0, 50) + `-${randomBytes(4).toString('hex')}`;
// lib/env.ts wants a Firebase project; no data function asks Firebase anything.
process.env.FIREBASE_PROJECT_ID ??= 'demo-takes';
// The administrator tests/data/support/fans.ts signs in as.
process.env.TAKES_ADMIN_UIDS ||= 'data-admin';

beforeAll(async () => {
  prepareConnectionWith(ensureSchema);
  await dbConnect();
}, 60_000);

afterAll(async () => {
  await mongoose.connection.dropDatabase();
  await dbDisconnect();
});
