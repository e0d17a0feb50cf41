import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

export const PLAYER_STATUSES = ['active', 'retired', 'waived', 'unsigned'] as const;

/**
 * A stretch of a player's career on one team: from the day he joined to the day he left (null while he is there).
 * `from` is null when the league data does not know when he joined (the shipped rosters, players stored before stints
 * existed). Stints never overlap and are kept oldest first; the open one, if any, is `teamId` (lib/league/league.ts).
 */
const stintSchema = new Schema(
  { team: { type: Number, required: true }, from: { type: Date, default: null }, to: { type: Date, default: null } },
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
    // Active players are offered to the composer; the others keep their pages and takes. An active player has a team.
    status: { type: String, enum: PLAYER_STATUSES, default: 'active' },
    stints: { type: [stintSchema], default: [] },
    // Moved by every league change (lib/data/league/league-batches.ts), which applies only to the revision it read.
    rev: { type: Number, default: 0 },
    // The prefixes of the name's words (lib/discovery/search-keys.ts), for the league console's "find a player".
    searchKeys: { type: [String], default: [], select: false },
  },
  { versionKey: false },
);

playerSchema.index({ name: 1 });
// A team's roster.
playerSchema.index({ teamId: 1, name: 1 });
// The console's search by a word of the name, and by status (with or without a team).
playerSchema.index({ searchKeys: 1, name: 1 });
playerSchema.index({ status: 1, name: 1 });
playerSchema.index({ teamId: 1, status: 1, name: 1 });

export type PlayerDoc = InferSchemaType<typeof playerSchema>;
export type PlayerStatus = (typeof PLAYER_STATUSES)[number];
export const Player: Model<PlayerDoc> = (models.Player as Model<PlayerDoc>) ?? model<PlayerDoc>('Player', playerSchema);
