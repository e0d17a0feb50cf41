// @ts-check
// Stops the database tests/data/support/global-setup.mjs started, or drops its template from the one it was given.
import mongoose from 'mongoose';

export default async function globalTeardown() {
  const state = /** @type {{ __takesDataDb?: { template: string; stop: (() => Promise<void>) | null } }} */ (globalThis).__takesDataDb;
  if (!state) return;
  if (state.stop) return state.stop();
  const client = await new mongoose.mongo.MongoClient(/** @type {string} */ (process.env.MONGODB_URI)).connect();
  try {
    await client.db(state.template).dropDatabase();
  } finally {
    await client.close();
  }
}
