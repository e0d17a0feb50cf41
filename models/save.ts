import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

/**
 * A take a fan saved for themselves (docs/product.md#saves): private, so no count of it is kept on the take and no
 * answer but the fan's own names who saved what. `notify`: tell them when the take's call settles.
 */
const saveSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    take: { type: Schema.Types.ObjectId, ref: 'Take', required: true },
    notify: { type: Boolean, default: false },
  },
  { versionKey: false, timestamps: { createdAt: true, updatedAt: false } },
);

// One save per fan and take.
saveSchema.index({ user: 1, take: 1 }, { unique: true });
// The fan's Saved list, newest first, paged by (createdAt, _id).
saveSchema.index({ user: 1, createdAt: -1, _id: -1 });
// Settling a take's call tells those who asked; deleting the take removes its saves.
saveSchema.index({ take: 1, notify: 1 });

export type SaveDoc = InferSchemaType<typeof saveSchema>;
export const Save: Model<SaveDoc> = (models.Save as Model<SaveDoc>) ?? model<SaveDoc>('Save', saveSchema);
