/**
 * Prepares the database MONGODB_URI names as a server prepares a new deployment's before it serves (instrumentation.ts):
 * this release's indexes, the data migrations and the shipped league. tests/data/support/global-setup.mjs runs it once
 * per data run, for the template every test file copies.
 */
import { ensureSchema } from '@/lib/data/maintenance/schema';
import { dbConnect, dbDisconnect, prepareConnectionWith } from '@/lib/db';

async function main() {
  prepareConnectionWith(ensureSchema);
  await dbConnect();
  await dbDisconnect();
}

void main();
