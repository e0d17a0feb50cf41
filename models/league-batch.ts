import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';
import { LEAGUE_SOURCES, LEAGUE_SUBJECTS } from './league-change';

/**
 * A set of league changes applied all or nothing without a transaction: the whole set is written first, in this one
 * document (one write, so it is there whole or not at all), then each change is applied to its subject and logged
 * (models/league-change.ts), then the batch is marked done. A batch left `applying` by a process that died is finished
 * by the next league write, on any instance (lib/data/league/league-batches.ts): each change applies only to the
 * revision of its subject it was planned from, so applying one twice changes nothing.
 */
const batchChangeSchema = new Schema(
  {
    subject: { type: String, enum: LEAGUE_SUBJECTS, required: true },
    subjectId: { type: Schema.Types.Mixed, required: true },
    action: { type: String, required: true },
    // The subject's revision when the change was planned (null for an addition), and its league fields before and after.
    rev: { type: Number, default: null },
    before: { type: Schema.Types.Mixed, default: null },
    after: { type: Schema.Types.Mixed, required: true },
  },
  { _id: false },
);

const leagueBatchSchema = new Schema(
  {
    by: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    source: { type: String, enum: LEAGUE_SOURCES, required: true },
    state: { type: String, enum: ['applying', 'done'], default: 'applying' },
    changes: { type: [batchChangeSchema], default: [] },
    // Changes that found their subject changed by someone else since they were planned, and were left alone.
    conflicts: { type: [Number], default: [] },
  },
  { timestamps: true, versionKey: false },
);

// Batches an interrupted process left behind, oldest first.
leagueBatchSchema.index({ state: 1, createdAt: 1 });

export type LeagueBatchDoc = InferSchemaType<typeof leagueBatchSchema>;
export const LeagueBatch: Model<LeagueBatchDoc> =
  (models.LeagueBatch as Model<LeagueBatchDoc>) ?? model<LeagueBatchDoc>('LeagueBatch', leagueBatchSchema);
