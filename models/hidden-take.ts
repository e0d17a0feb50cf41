import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

/**
 * A take moderation has hidden, moved out of the takes collection whole (`take`
 * is the stored document as it was). Every list, page, search, sitemap and
 * trending read queries `takes`, so a hidden take is gone from all of them
 * without a filter any of them could forget; its author and admins read it
 * here (lib/data/moderation/moderated-takes.ts). Restoring moves it back and recounts it.
 */
const hiddenTakeSchema = new Schema(
  {
    // _id is the take's own; this is its document as it was stored.
    take: { type: Schema.Types.Mixed, required: true },
    createdBy: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    reason: { type: String, enum: ['reports', 'moderators'], required: true },
    // The admin who hid it; null when 5 distinct reporters did.
    hiddenBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    hiddenAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'hiddentakes' },
);

// A fan's hidden takes: their data download, and deleting their account.
hiddenTakeSchema.index({ createdBy: 1 });

export type HiddenTakeDoc = InferSchemaType<typeof hiddenTakeSchema>;
export const HiddenTake: Model<HiddenTakeDoc> =
  (models.HiddenTake as Model<HiddenTakeDoc>) ?? model<HiddenTakeDoc>('HiddenTake', hiddenTakeSchema);
