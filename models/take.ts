import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

const takeSchema = new Schema(
  {
    title: { type: String, required: true },
    description: { type: String, required: true },
    // Player and team ids are numbers (NBA ids), special topics are slugs (spec §3).
    tags: { type: [Schema.Types.Mixed], default: [] },
    entityType: { type: String, enum: ['player', 'team', 'special'], required: true },
    playerID: { type: Number, default: null },
    team: { type: Number, default: null },
    specialID: { type: String, default: null },
    // One key for "the focus", so entity pages and trending use a single index.
    entityKey: { type: String, required: true },
    league: { type: String, default: 'nba' },
    addType: { type: String, default: 'user' },
    createdBy: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    likes: { type: Number, default: 0, min: 0 },
    dislikes: { type: Number, default: 0, min: 0 },
    shares: { type: Number, default: 0, min: 0 },
    favorites: { type: Number, default: 0, min: 0 },
    commentsCount: { type: Number, default: 0, min: 0 },
    score: { type: Number, required: true },
    popularity: { type: Number, default: 0 },
  },
  { timestamps: true, versionKey: false },
);

// Feed: by score, _id breaks ties so cursor paging is stable.
takeSchema.index({ score: -1, _id: -1 });
// Entity pages: equality on the focus, then time.
takeSchema.index({ entityKey: 1, createdAt: -1 });
// Trending windows: range on time, then sorted in memory over that bounded set.
takeSchema.index({ createdAt: -1 });
// A profile's takes.
takeSchema.index({ createdBy: 1, createdAt: -1 });
// Search ranks by popularity.
takeSchema.index({ popularity: -1 });
// Trending takes: most liked or most commented, within a time window.
takeSchema.index({ likes: -1, createdAt: -1 });
takeSchema.index({ commentsCount: -1, createdAt: -1 });
// Entity pages sorted by likes or comments.
takeSchema.index({ entityKey: 1, likes: -1 });
takeSchema.index({ entityKey: 1, commentsCount: -1 });

export type TakeDoc = InferSchemaType<typeof takeSchema>;
export const Take: Model<TakeDoc> = (models.Take as Model<TakeDoc>) ?? model<TakeDoc>('Take', takeSchema);
