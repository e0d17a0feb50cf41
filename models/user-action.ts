import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

/**
 * One user action per (user, target, slot): a user's reaction (like or dislike), favorite
 * or share on a take or comment. The unique index is what keeps counters exact:
 * the user action is written first and the count moves only if that write happened.
 * A user action undone (a favorite tapped off, a comment reaction cleared) is not
 * deleted but kept as undone: its slot becomes `removed:<id>` (freeing the unique key)
 * and its actionType `removed`, in the command that decides the count moves, so
 * the change leaves its `updatedAt` for the scheduled job to check, as a new
 * user action does (lib/data/counters/counter-checks.ts), which then sweeps it.
 */
export const LIVE_SLOTS = ['reaction', 'favorite', 'share'] as const;

const userActionSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    targetType: { type: String, enum: ['take', 'comment'], required: true },
    target: { type: Schema.Types.ObjectId, required: true },
    slot: { type: String, enum: LIVE_SLOTS, required: true },
    actionType: { type: String, enum: ['like', 'dislike', 'favorite', 'share', 'removed'], required: true },
    // On a take reaction: the reactor's favourite team when they first reacted. The
    // fan-base split counts from it, so changing teams later rewrites no old reaction.
    team: { type: Number, default: null },
  },
  { timestamps: true, versionKey: false },
);

userActionSchema.index({ user: 1, target: 1, slot: 1 }, { unique: true });
// Cleaning up a deleted take's or comment's actions, and recounting a target's reactions (the fan split's by team).
userActionSchema.index({ target: 1, actionType: 1, team: 1 });
// A user's own actions, newest first (GET /api/user-action/{uid}).
userActionSchema.index({ user: 1, updatedAt: -1 });
// The scheduled job checks the counters of whatever changed since its last run (lib/data/counters/counter-checks.ts).
userActionSchema.index({ updatedAt: 1 });
// Sweeping undone user actions once checked.
userActionSchema.index({ actionType: 1, updatedAt: 1 });

export type UserActionDoc = InferSchemaType<typeof userActionSchema>;
export const UserAction: Model<UserActionDoc> =
  (models.UserAction as Model<UserActionDoc>) ?? model<UserActionDoc>('UserAction', userActionSchema);
