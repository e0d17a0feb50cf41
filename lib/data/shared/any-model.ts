import 'server-only';
import type mongoose from 'mongoose';
import type { PipelineStage } from 'mongoose';

type Filter = Record<string, unknown>;

/**
 * Any one of the models, for a statement written once and run over several of them: a counter check over takes,
 * comments and users (lib/data/counters/counter-ledgers.ts), the tallies under them (lib/data/counters/recounts.ts),
 * moderation's reports on takes and on comments (lib/data/moderation/moderation-records.ts), a backfill over takes and
 * hidden takes (lib/data/maintenance/entity-keys-backfill.ts). Each Mongoose model is
 * typed by its own schema, so no one model type holds both `Take` and `Comment`; this names only the calls such
 * statements make, with loose filters, and every model fits it as it is. The calls are still Mongoose's, so what the
 * project relies on holds for them too: `sanitizeFilter` (wrap each operator object in `mongoose.trusted`), casting
 * by the schema, `strictQuery` refusing a path the schema does not have, and timestamps.
 */
export type AnyModel = {
  find(filter: Filter): mongoose.Query<unknown, unknown>;
  countDocuments(filter: Filter): PromiseLike<number>;
  distinct(field: string, filter: Filter): PromiseLike<unknown[]>;
  aggregate<R>(pipeline: PipelineStage[]): PromiseLike<R[]>;
  updateOne(filter: Filter, update: mongoose.UpdateQuery<unknown>): PromiseLike<mongoose.UpdateWriteOpResult>;
  updateMany(filter: Filter, update: mongoose.UpdateQuery<unknown>): PromiseLike<mongoose.UpdateWriteOpResult>;
  bulkWrite(writes: mongoose.AnyBulkWriteOperation[], options: mongoose.MongooseBulkWriteOptions): PromiseLike<unknown>;
};
