import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

// A postponed game keeps its calls open until it is played or 14 days pass; a cancelled one voids them (lib/calls/calls.ts).
export const GAME_STATUSES = ['scheduled', 'live', 'final', 'postponed', 'cancelled'] as const;

/**
 * A game of the schedule. _id is the league's own game id ("0022600123" stored as the number 22600123), so files made
 * from the league's stats data line up. Scores come from operators or an import: no live feed reaches production.
 */
const gameSchema = new Schema(
  {
    _id: { type: Number, required: true },
    // "2026-27": the league year the game belongs to.
    season: { type: String, required: true },
    home: { type: Number, required: true },
    away: { type: Number, required: true },
    tipoff: { type: Date, required: true },
    status: { type: String, enum: GAME_STATUSES, default: 'scheduled' },
    homeScore: { type: Number, default: null, min: 0 },
    awayScore: { type: Number, default: null, min: 0 },
    // Moved by every league change (lib/data/league/league-batches.ts), which applies only to the revision it read.
    rev: { type: Number, default: 0 },
  },
  { versionKey: false, timestamps: true },
);

// A day's slate, in tip-off order.
gameSchema.index({ tipoff: 1, _id: 1 });
// A team's games (its schedule, and the spoiler shield's "this team's game tonight").
gameSchema.index({ home: 1, tipoff: 1 });
gameSchema.index({ away: 1, tipoff: 1 });

export type GameDoc = InferSchemaType<typeof gameSchema>;
export type GameStatus = (typeof GAME_STATUSES)[number];
export const Game: Model<GameDoc> = (models.Game as Model<GameDoc>) ?? model<GameDoc>('Game', gameSchema);
