import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

export const LEAGUE_SUBJECTS = ['player', 'team', 'topic', 'game'] as const;

/**
 * The league data's audit log: every change an administrator makes in the console or by an import, with the subject
 * as it was and as it became, so a wrong trade can be read back and undone by hand.
 */
const leagueChangeSchema = new Schema(
  {
    subject: { type: String, enum: LEAGUE_SUBJECTS, required: true },
    // The player's, team's or game's numeric id, or the topic's slug.
    subjectId: { type: Schema.Types.Mixed, required: true },
    // What was done, e.g. "trade", "sign", "retire", "rename", "close", "score", "import".
    action: { type: String, required: true },
    // The administrator; null for the data a new deploy starts with.
    by: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    source: { type: String, enum: ['console', 'import', 'bootstrap'], required: true },
    before: { type: Schema.Types.Mixed, default: null },
    after: { type: Schema.Types.Mixed, default: null },
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);

// The console's log, newest first, and one subject's history.
leagueChangeSchema.index({ createdAt: -1, _id: -1 });
leagueChangeSchema.index({ subject: 1, subjectId: 1, createdAt: -1 });

export type LeagueChangeDoc = InferSchemaType<typeof leagueChangeSchema>;
export const LeagueChange: Model<LeagueChangeDoc> =
  (models.LeagueChange as Model<LeagueChangeDoc>) ?? model<LeagueChangeDoc>('LeagueChange', leagueChangeSchema);
