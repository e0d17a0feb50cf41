import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

export const PLAYER_STATUSES = ['active', 'retired', 'waived', 'unsigned'] as const;

/**
 * A stretch of a player's career on one team: from the day he joined to the day he left (null while he is there).
 * Stints never overlap and are kept oldest first; the open one, if any, is `teamId`.
 */
const stintSchema = new Schema(
  { team: { type: Number, required: true }, from: { type: Date, required: true }, to: { type: Date, default: null } },
  { _id: false },
);

// _id is the NBA's public person id.
const playerSchema = new Schema(
  {
    _id: { type: Number, required: true },
    name: { type: String, required: true },
    // The current team (the open stint's), kept beside the stints because most reads want only this.
    teamId: { type: Number, default: null },
    position: { type: String, default: '' },
    jersey: { type: String, default: '' },
    // Active players are offered to the composer; the others keep their pages and takes.
    status: { type: String, enum: PLAYER_STATUSES, default: 'active' },
    stints: { type: [stintSchema], default: [] },
  },
  { versionKey: false },
);

playerSchema.index({ name: 1 });
// A team's roster.
playerSchema.index({ teamId: 1, name: 1 });

export type PlayerDoc = InferSchemaType<typeof playerSchema>;
export type PlayerStatus = (typeof PLAYER_STATUSES)[number];
export const Player: Model<PlayerDoc> = (models.Player as Model<PlayerDoc>) ?? model<PlayerDoc>('Player', playerSchema);
