import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

/**
 * A fan's block or mute of another: `user` no longer sees `target`'s takes,
 * comments or notifications; a block also hides `user` from `target` and
 * refuses `target`'s follow, replies, tags and reactions on `user`'s content
 * (lib/data/people/blocks.ts). One fact per kind per pair.
 */
const blockSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    target: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    kind: { type: String, enum: ['block', 'mute'], required: true },
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);

// One block and one mute per pair; also "whom does this fan hide" and "is there a block between these two".
blockSchema.index({ user: 1, target: 1, kind: 1 }, { unique: true });
// Who has blocked this fan (they see nothing of those either); deleting an account.
blockSchema.index({ target: 1, kind: 1 });
// The account page's lists, newest first.
blockSchema.index({ user: 1, kind: 1, createdAt: -1 });

export type BlockDoc = InferSchemaType<typeof blockSchema>;
export const Block: Model<BlockDoc> = (models.Block as Model<BlockDoc>) ?? model<BlockDoc>('Block', blockSchema);
