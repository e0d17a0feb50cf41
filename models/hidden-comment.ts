import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

/**
 * A comment moderation has hidden, moved out of the comments collection whole
 * with its replies, as a hidden take is (models/hidden-take.ts): every read of
 * comments (a take's list, its replies, the top comment, the share image)
 * looks in `comments`, so it is gone from all of them, and nothing can react
 * to it or answer it meanwhile. Restoring moves it back and recounts.
 */
const hiddenCommentSchema = new Schema(
  {
    // _id is the comment's own; these are its document and its replies' as they were stored.
    comment: { type: Schema.Types.Mixed, required: true },
    replies: { type: [Schema.Types.Mixed], default: [] },
    take: { type: Schema.Types.ObjectId, ref: 'Take', required: true },
    createdBy: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    reason: { type: String, enum: ['reports', 'moderators'], required: true },
    // The admin who hid it; null when 5 distinct reporters did.
    hiddenBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    hiddenAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'hiddencomments' },
);

// Deleting a take removes its hidden comments; deleting an account, its own.
hiddenCommentSchema.index({ take: 1 });
hiddenCommentSchema.index({ createdBy: 1 });
// A fan's replies moved with the comment they answer: their data download.
hiddenCommentSchema.index({ 'replies.user': 1 });

export type HiddenCommentDoc = InferSchemaType<typeof hiddenCommentSchema>;
export const HiddenComment: Model<HiddenCommentDoc> =
  (models.HiddenComment as Model<HiddenCommentDoc>) ?? model<HiddenCommentDoc>('HiddenComment', hiddenCommentSchema);
