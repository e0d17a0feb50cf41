import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

/**
 * A fan following a team or a player (docs/product.md#game-day): that entity's takes join their Following tab.
 * `entityKey` is the key takes carry in `entityKeys` ("team:1610612738", "player:2544"), so the tab reads them on
 * the index entity pages use.
 */
const entityFollowSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    entityKey: { type: String, required: true },
  },
  { timestamps: true, versionKey: false, collection: 'entityfollows' },
);

// One follow per fan and entity; also answers "whom does this fan follow" for their Following tab.
entityFollowSchema.index({ user: 1, entityKey: 1 }, { unique: true });

export type EntityFollowDoc = InferSchemaType<typeof entityFollowSchema>;
export const EntityFollow: Model<EntityFollowDoc> =
  (models.EntityFollow as Model<EntityFollowDoc>) ?? model<EntityFollowDoc>('EntityFollow', entityFollowSchema);
