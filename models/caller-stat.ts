import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

/**
 * A caller's standing on one board (`board`: 'all' or a season such as
 * '2026-27'), recomputed whole from their CallerScore facts each time one of
 * their receipts is scored (and by `npm run repair-counts`), never per request.
 * `_id` is `<board>:<user id>`. `favoriteTeam` is copied from the user (and
 * kept in step when they change it) so a board filtered by team is one index
 * range.
 */
const callerStatSchema = new Schema(
  {
    _id: { type: String, required: true },
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    board: { type: String, required: true },
    favoriteTeam: { type: Number, default: null },
    // Scored receipts (aged well or poorly), their points and rating; close ones score nothing and count apart.
    scored: { type: Number, default: 0 },
    points: { type: Number, default: 0 },
    rating: { type: Number, default: 0 },
    well: { type: Number, default: 0 },
    poorly: { type: Number, default: 0 },
    close: { type: Number, default: 0 },
    // Different check-back days among the scored receipts.
    days: { type: Number, default: 0 },
    // The Wilson lower bound of the hit rate (well of scored).
    hitRateLow: { type: Number, default: 0 },
    qualified: { type: Boolean, default: false },
    provisional: { type: Boolean, default: true },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'callerstats' },
);

// A board, best first; _id breaks ties so paging is stable. The viewer's rank counts the same range above them.
callerStatSchema.index({ board: 1, qualified: 1, rating: -1, _id: 1 });
// The same board among one team's fans.
callerStatSchema.index({ board: 1, favoriteTeam: 1, qualified: 1, rating: -1, _id: 1 });
// A fan's standings: their profile, a change of favorite team, their account's deletion.
callerStatSchema.index({ user: 1 });

export type CallerStatDoc = InferSchemaType<typeof callerStatSchema>;
export const CallerStat: Model<CallerStatDoc> =
  (models.CallerStat as Model<CallerStatDoc>) ?? model<CallerStatDoc>('CallerStat', callerStatSchema);
