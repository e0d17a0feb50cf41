import type mongoose from 'mongoose';

/** A seed document carries its own id: an ObjectId, or the NBA's number or a topic's slug for reference data. */
export type SeedDoc = { _id: mongoose.Types.ObjectId | number | string };

/**
 * The driver's collection behind a model, typed for documents that bring their own ids: the seed writes documents
 * as they are stored, past the model's casting and defaults, so a re-run compares and writes exactly what is there.
 */
export function rawCollection(model: { db: mongoose.Connection; collection: mongoose.Collection }) {
  return model.db.getClient().db(model.db.name).collection<SeedDoc>(model.collection.collectionName);
}
