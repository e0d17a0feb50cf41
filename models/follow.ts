import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

const followSchema = new Schema(
  {
    follower: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    followee: { type: Schema.Types.ObjectId, ref: 'User', required: true },
  },
  { timestamps: true, versionKey: false },
);

// One follow per pair; also answers "does A follow B" and "whom does A follow".
followSchema.index({ follower: 1, followee: 1 }, { unique: true });
followSchema.index({ followee: 1 });
// The scheduled job checks the counters of whatever changed since its last run (lib/data/counters/counter-checks.ts).
followSchema.index({ updatedAt: 1 });

export type FollowDoc = InferSchemaType<typeof followSchema>;
export const Follow: Model<FollowDoc> = (models.Follow as Model<FollowDoc>) ?? model<FollowDoc>('Follow', followSchema);
