import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

/**
 * A scored receipt, or a settled structured call (docs/product.md#calls): the fact a caller's rating is computed from (lib/callers/callers.ts).
 * `_id` is the take's id, so a receipt is scored once however many job runs or
 * instances meet it. Written by the scheduled job when a receipt's voting
 * closes, or when a take with a check-back date is deleted once it can no
 * longer be taken back (CALLER_TAKE_BACK_MS; scored as aged poorly). The take's title is kept so a profile can
 * still show a verdict whose take its author deleted; a take moderators
 * removed keeps none (docs/product.md#moderation).
 */
const callerScoreSchema = new Schema(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    // A structured call's score (reason 'settled', or 'deleted'/'removed' for one forfeited) has the call's own _id
    // (models/call.ts) and names its take here; a receipt's _id is its take's, and this is null.
    take: { type: Schema.Types.ObjectId, default: null },
    author: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    // null once moderators removed the take: its words are shown nowhere.
    title: { type: String, default: null },
    dueAt: { type: Date, required: true },
    // 'YYYY-MM-DD' of dueAt: a caller qualifies with receipts due on several different days.
    dueDay: { type: String, required: true },
    // The season board it counts on ('2026-27', lib/callers/callers.ts seasonOf).
    season: { type: String, required: true },
    verdict: { type: String, enum: ['well', 'poorly', 'close'], required: true },
    // Why: the counted votes decided, or the take was deleted (by its author) or removed (by moderators) once it could
    // no longer be taken back.
    // 'settled': a structured call the league's result decided (a hit is 'well', a miss 'poorly').
    reason: { type: String, enum: ['votes', 'deleted', 'removed', 'settled'], required: true },
    // The crowd's likes and dislikes as they stood 48 hours after posting, its odds (clamped) and the points.
    crowdLikes: { type: Number, required: true },
    crowdDislikes: { type: Number, required: true },
    crowd: { type: Number, required: true },
    points: { type: Number, required: true },
    // The votes that counted under the rules (all votes are on the take).
    countedWell: { type: Number, default: 0 },
    countedPoorly: { type: Number, default: 0 },
    // How many of the counted voters follow the author; `followed` when they are most of a verdict's counted
    // voters, which the moderation queue lists for a look (lib/data/callers/caller-review.ts).
    followerVotes: { type: Number, default: 0 },
    followed: { type: Boolean, default: false },
    scoredAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'callerscores' },
);

// A caller's scored receipts, most recently due first: their profile's verdicts and the recompute of their ratings.
callerScoreSchema.index({ author: 1, dueAt: -1, _id: -1 });
// The moderation queue's verdicts most of whose voters follow the author, latest first.
callerScoreSchema.index({ followed: 1, scoredAt: -1, _id: -1 });

export type CallerScoreDoc = InferSchemaType<typeof callerScoreSchema>;
export const CallerScore: Model<CallerScoreDoc> =
  (models.CallerScore as Model<CallerScoreDoc>) ?? model<CallerScoreDoc>('CallerScore', callerScoreSchema);
