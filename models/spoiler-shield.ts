import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

export const SHIELD_KINDS = ['team', 'game', 'watched'] as const;

/**
 * A fan's spoiler shield (docs/product.md#filters), one document per choice: a team they watch later (every game of
 * it is shielded from tip-off for `hours`), a single game not watched yet (`target` is the game, for `hours` from its
 * tip-off), or a game they have watched (`watched`: that game's shield is lifted, whichever choice raised it).
 */
const spoilerShieldSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    kind: { type: String, enum: SHIELD_KINDS, required: true },
    // A team id for `team`, a game id (models/game.ts) for `game` and `watched`.
    target: { type: Number, required: true },
    hours: { type: Number, default: null },
  },
  { timestamps: true, versionKey: false },
);

// One of each per fan and target, and every read: the fan's whole shield.
spoilerShieldSchema.index({ user: 1, kind: 1, target: 1 }, { unique: true });

export type SpoilerShieldDoc = InferSchemaType<typeof spoilerShieldSchema>;
export const SpoilerShield: Model<SpoilerShieldDoc> =
  (models.SpoilerShield as Model<SpoilerShieldDoc>) ?? model<SpoilerShieldDoc>('SpoilerShield', spoilerShieldSchema);
