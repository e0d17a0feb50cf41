import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

export const MUTE_KINDS = ['word', 'player', 'team'] as const;
export const MUTE_ACTIONS = ['hide', 'collapse'] as const;

/**
 * A fan's muted word, player or team (docs/product.md#filters): what it matches is left out of every list they read
 * (`hide`) or collapsed behind its reason (`collapse`), until `expiresAt` (null: until they remove it). Only its fan ever
 * reads it (lib/data/filters/).
 */
const muteRuleSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    kind: { type: String, enum: MUTE_KINDS, required: true },
    // What is matched: a word or phrase folded as search folds it ("doncic trade"), or a player's or team's id as text.
    key: { type: String, required: true },
    // A word as the fan typed it, shown back to them; players and teams are named from the directory instead.
    word: { type: String, default: null },
    action: { type: String, enum: MUTE_ACTIONS, required: true },
    expiresAt: { type: Date, default: null },
  },
  { timestamps: true, versionKey: false },
);

// One rule per word, player or team per fan (muting again changes its action and expiry), and every read: the fan's rules.
muteRuleSchema.index({ user: 1, kind: 1, key: 1 }, { unique: true });
// The scheduled job's sweep of rules whose time is up.
muteRuleSchema.index({ expiresAt: 1 });

export type MuteRuleDoc = InferSchemaType<typeof muteRuleSchema>;
export const MuteRule: Model<MuteRuleDoc> = (models.MuteRule as Model<MuteRuleDoc>) ?? model<MuteRuleDoc>('MuteRule', muteRuleSchema);
