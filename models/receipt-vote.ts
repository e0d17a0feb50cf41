import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

/**
 * One vote per user per take on how the take aged. The unique index keeps the
 * take's agedWell and agedPoorly exact: the vote is written first and the
 * counts move only if that write happened (lib/data/receipts/receipts.ts).
 */
const receiptVoteSchema = new Schema(
  {
    take: { type: Schema.Types.ObjectId, ref: 'Take', required: true },
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    vote: { type: String, enum: ['well', 'poorly'], required: true },
    // The take's author, so the callers' rule "at most 3 of one voter's votes on one author's takes count within 30
    // days" is one index range (lib/data/callers/caller-votes.ts); filled for votes stored before it (lib/data/maintenance/migrations.ts).
    author: { type: Schema.Types.ObjectId, ref: 'User', default: null },
  },
  { timestamps: true, versionKey: false },
);

receiptVoteSchema.index({ take: 1, user: 1 }, { unique: true });
// Recounting a take's votes per side (its agedWell and agedPoorly tallies, lib/data/counters/recounts.ts).
receiptVoteSchema.index({ take: 1, vote: 1 });
// A user's own votes, newest first (GET /api/receipts/votes/{uid}).
receiptVoteSchema.index({ user: 1, updatedAt: -1 });
// The scheduled job checks the counters of whatever changed since its last run (lib/data/counters/counter-checks.ts).
receiptVoteSchema.index({ updatedAt: 1 });
// One voter's votes on one author's takes, by the time they were cast (the callers' per-author cap).
receiptVoteSchema.index({ user: 1, author: 1, createdAt: 1 });

export type ReceiptVoteDoc = InferSchemaType<typeof receiptVoteSchema>;
export const ReceiptVote: Model<ReceiptVoteDoc> =
  (models.ReceiptVote as Model<ReceiptVoteDoc>) ?? model<ReceiptVoteDoc>('ReceiptVote', receiptVoteSchema);
