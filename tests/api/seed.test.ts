import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import mongoose from 'mongoose';

const uri = process.env.MONGODB_URI!.replace(/\/[^/]*$/, `/takes-seed-${Date.now().toString(36)}`);

function seed() {
  return execFileSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/seed.ts'], {
    env: { ...process.env, MONGODB_URI: uri },
    encoding: 'utf8',
  });
}

/** Every collection's documents, hashed, so any change at all shows. */
async function fingerprint(): Promise<Record<string, { count: number; hash: string }>> {
  const connection = await mongoose.createConnection(uri).asPromise();
  try {
    const result: Record<string, { count: number; hash: string }> = {};
    for (const { name } of await connection.db!.listCollections().toArray()) {
      const docs = await connection.db!.collection(name).find({}).sort({ _id: 1 }).toArray();
      result[name] = { count: docs.length, hash: createHash('sha256').update(JSON.stringify(docs)).digest('hex') };
    }
    return result;
  } finally {
    await connection.close();
  }
}

it('loads the demo data, and a second run changes nothing', async () => {
  expect(seed()).toMatch(/330 takes/);
  const first = await fingerprint();
  expect(first.takes?.count).toBeGreaterThanOrEqual(300);
  expect(first.teams?.count).toBe(30);
  expect(first.players?.count).toBeGreaterThanOrEqual(150);
  expect(first.users?.count).toBeGreaterThanOrEqual(25);

  expect(seed()).toMatch(/0 takes/);
  expect(await fingerprint()).toEqual(first);
}, 120_000);
