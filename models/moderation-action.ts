import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

export const MODERATION_ACTIONS = ['dismiss', 'hide', 'restore', 'delete', 'auto-hide'] as const;

/**
 * The moderation log: who did what to which take or comment, and when. The title
 * (or comment text) and author are copied, so a deleted one's entry still says what it was.
 */
const moderationActionSchema = new Schema(
  {
    take: { type: Schema.Types.ObjectId, required: true },
    // Set when the action was on a comment of the take; `title` then holds the start of the comment's text.
    comment: { type: Schema.Types.ObjectId, default: null },
    title: { type: String, required: true },
    author: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    action: { type: String, enum: MODERATION_ACTIONS, required: true },
    // The admin; null for the automatic hide at 5 distinct reporters.
    by: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    // How many open reports the action closed (or, for auto-hide, had come in).
    reports: { type: Number, default: 0 },
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);

// The latest actions, for the queue page.
moderationActionSchema.index({ createdAt: -1, _id: -1 });
// A deleted account's entries keep no trace of what it wrote.
moderationActionSchema.index({ author: 1 });

export type ModerationActionDoc = InferSchemaType<typeof moderationActionSchema>;
export const ModerationAction: Model<ModerationActionDoc> =
  (models.ModerationAction as Model<ModerationActionDoc>) ?? model<ModerationActionDoc>('ModerationAction', moderationActionSchema);
