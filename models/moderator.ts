import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

export const MODERATOR_CHANGES = ['added', 'removed'] as const;

/**
 * A fan an administrator made a moderator (lib/data/moderation/moderators.ts): one document per fan, kept after they
 * are removed, with every change to their role, who made it and when. Administrators themselves are named by the
 * environment (TAKES_ADMIN_UIDS, TAKES_ADMIN_EMAILS) or by the operator's command (models/administrator.ts), not here.
 */
const moderatorSchema = new Schema(
  {
    // The fan's Firebase uid: what a request's verified token names.
    _id: { type: String, required: true },
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    active: { type: Boolean, required: true },
    history: {
      type: [
        {
          _id: false,
          change: { type: String, enum: MODERATOR_CHANGES, required: true },
          // The administrator's uid (an administrator may have no profile).
          by: { type: String, required: true },
          at: { type: Date, required: true },
        },
      ],
      default: [],
    },
  },
  { versionKey: false },
);

// The roster every role check reads (through the data cache), and the administrators' list.
moderatorSchema.index({ active: 1, _id: 1 });
// A deleted account's role goes with it; a removal matches the fan's active role.
moderatorSchema.index({ user: 1, active: 1 });

export type ModeratorDoc = InferSchemaType<typeof moderatorSchema>;
export const Moderator: Model<ModeratorDoc> =
  (models.Moderator as Model<ModeratorDoc>) ?? model<ModeratorDoc>('Moderator', moderatorSchema);
