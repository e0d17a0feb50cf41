import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

/**
 * All-time engagement per player, team, topic or game (_id is one of the keys a take counts for, its entityKeys),
 * kept with $inc beside the take's own counters: a take on a game moves the game's and both teams'. All-time
 * trending reads the top few players and teams of these by score instead of every take ever posted; a game's is
 * its thread's size on the slate.
 */
const entityStatSchema = new Schema(
  {
    _id: { type: String, required: true },
    entityType: { type: String, enum: ['player', 'team', 'special', 'game'], required: true },
    entityId: { type: Schema.Types.Mixed, required: true },
    takes: { type: Number, default: 0 },
    likes: { type: Number, default: 0 },
    comments: { type: Number, default: 0 },
    shares: { type: Number, default: 0 },
    /** likes + 2·comments + 3·shares (lib/discovery/ranking.ts topicScore), moved in the same $inc as they are. */
    score: { type: Number, default: 0 },
  },
  { versionKey: false },
);

entityStatSchema.index({ entityType: 1, likes: -1 });
// All-time trending topics: the top few of a type, or of players and teams merged, by score.
entityStatSchema.index({ entityType: 1, score: -1 });

export type EntityStatDoc = InferSchemaType<typeof entityStatSchema>;
export const EntityStat: Model<EntityStatDoc> =
  (models.EntityStat as Model<EntityStatDoc>) ?? model<EntityStatDoc>('EntityStat', entityStatSchema);
