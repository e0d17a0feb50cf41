/**
 * Reads a database with one release's models (tests/api/previous-release.test.ts runs it for the release before this
 * one and for this one, each in a process of its own, since both register models under the same names):
 *   node --import tsx tests/support/release-reads.ts <models/index.ts> <mongodb uri>
 * Every model's documents (the newest READ_AT_MOST of each collection) are given to the model as its own reads and
 * writes would take them: cast to its schema and validated by it. Prints one JSON object: per collection, how many
 * documents were read and what the model refused of which (`path: kind`).
 */
import mongoose from 'mongoose';

const READ_AT_MOST = 2000;

type Models = { ALL_MODELS: readonly mongoose.Model<unknown>[] };

async function main([modelsIndex, uri]: string[]) {
  if (!modelsIndex || !uri) throw new Error('usage: release-reads.ts <models/index.ts> <mongodb uri>');
  const { ALL_MODELS } = (await import(modelsIndex)) as Models;
  await mongoose.connect(uri, { autoIndex: false, serverSelectionTimeoutMS: 10_000 });
  const report: Record<string, { read: number; refused: Record<string, string[]> }> = {};
  for (const model of ALL_MODELS) {
    const docs = await model.collection.find({}).sort({ _id: -1 }).limit(READ_AT_MOST).toArray();
    const refused: Record<string, string[]> = {};
    for (const raw of docs) {
      try {
        await new model(raw).validate();
      } catch (error) {
        if (!(error instanceof mongoose.Error.ValidationError)) throw error;
        refused[String(raw._id)] = Object.entries(error.errors).map(([path, e]) => `${path}: ${e.kind}`);
      }
    }
    report[model.collection.collectionName] = { read: docs.length, refused };
  }
  await mongoose.disconnect();
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
