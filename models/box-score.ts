import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

/**
 * A player's line in a game's box score (docs/league-data.md#box-scores): his minutes, points, rebounds, assists and
 * threes made, keyed by the league's own game and player ids (`_id` is "<game>:<player>", the league subject's id).
 * Written by the league's importer and console like any league subject (lib/data/league/league-batches.ts), at a
 * revision each change moves; player calls settle from it (lib/data/calls/settlement.ts).
 */
const boxScoreSchema = new Schema(
  {
    _id: { type: String, required: true },
    game: { type: Number, required: true },
    player: { type: Number, required: true },
    // The team he played for in the game: one of its two.
    team: { type: Number, required: true },
    // Minutes played, with their fraction (34:12 is 34.2); 0 for a player who did not play.
    minutes: { type: Number, default: 0, min: 0 },
    points: { type: Number, default: 0, min: 0 },
    rebounds: { type: Number, default: 0, min: 0 },
    assists: { type: Number, default: 0, min: 0 },
    threes: { type: Number, default: 0, min: 0 },
    rev: { type: Number, default: 0 },
  },
  { versionKey: false, timestamps: true, collection: 'boxscores' },
);

// A game's box score: settling its player calls, the console's lines.
boxScoreSchema.index({ game: 1, player: 1 });

export type BoxScoreDoc = InferSchemaType<typeof boxScoreSchema>;
export const BoxScore: Model<BoxScoreDoc> = (models.BoxScore as Model<BoxScoreDoc>) ?? model<BoxScoreDoc>('BoxScore', boxScoreSchema);
