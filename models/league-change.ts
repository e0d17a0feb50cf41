import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

// 'line': a player's line in a game's box score (models/box-score.ts).
export const LEAGUE_SUBJECTS = ['player', 'team', 'topic', 'game', 'line'] as const;
export const LEAGUE_SOURCES = ['console', 'import', 'bootstrap'] as const;

/**
 * The league data's audit log: every change an administrator makes in the console or by an import, with the subject
 * as it was and as it became, so a wrong trade can be read back and undone by hand. Each entry is one change of a
 * batch (models/league-batch.ts), written as the batch is applied; (batch, index) names it, so applying a batch
 * again after an interruption writes no entry twice.
 */
const leagueChangeSchema = new Schema(
  {
    batch: { type: Schema.Types.ObjectId, required: true },
    index: { type: Number, required: true },
    subject: { type: String, enum: LEAGUE_SUBJECTS, required: true },
    // The player's, team's or game's numeric id, the topic's slug, or a box score line's "<game>:<player>".
    subjectId: { type: Schema.Types.Mixed, required: true },
    // What was done (lib/league/league.ts LEAGUE_ACTIONS): "trade", "sign", "retire", "rename", "close", "score"…
    action: { type: String, required: true },
    // The administrator; null for the data a new deploy starts with.
    by: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    source: { type: String, enum: LEAGUE_SOURCES, required: true },
    // The subject's league fields before and after: null before an addition.
    before: { type: Schema.Types.Mixed, default: null },
    after: { type: Schema.Types.Mixed, default: null },
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);

// The console's log, newest first, and one subject's history.
leagueChangeSchema.index({ createdAt: -1, _id: -1 });
leagueChangeSchema.index({ subject: 1, subjectId: 1, createdAt: -1 });
// One entry per change of a batch, however often the batch is applied.
leagueChangeSchema.index({ batch: 1, index: 1 }, { unique: true });

export type LeagueChangeDoc = InferSchemaType<typeof leagueChangeSchema>;
export type LeagueSource = (typeof LEAGUE_SOURCES)[number];
export type LeagueSubject = (typeof LEAGUE_SUBJECTS)[number];
export const LeagueChange: Model<LeagueChangeDoc> =
  (models.LeagueChange as Model<LeagueChangeDoc>) ?? model<LeagueChangeDoc>('LeagueChange', leagueChangeSchema);
