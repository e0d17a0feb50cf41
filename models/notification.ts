import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

export const NOTIFICATION_TYPES = [
  'comment',
  'reply',
  'tag',
  'follow',
  'milestone',
  'verdict',
  'hidden',
  'scored',
  'top10',
  'settled',
] as const;

/**
 * One thing that happened to a user: a comment on their take, a reply, a tag,
 * a follow, a likes milestone, a receipts verdict, their take hidden by
 * moderation, a receipt of theirs scored for Callers, their entry into a
 * Callers board's top 10, or the calls they weighed in on settling (one per game, its count growing as more of
 * that game's calls settle: lib/data/calls/settled-notices.ts). Written in the request of the event (lib/data/notifications/notifications.ts).
 * `key` names the event per recipient ("m:<take>:10", "f:<follower>"), and
 * its unique index is what makes a milestone, a verdict or a re-follow notify
 * once however often the event repeats.
 */
const notificationSchema = new Schema(
  {
    recipient: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    type: { type: String, enum: NOTIFICATION_TYPES, required: true },
    key: { type: String, required: true },
    // Who did it; null for what no one person did (a milestone, a verdict, an automatic hide).
    actor: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    take: { type: Schema.Types.ObjectId, ref: 'Take', default: null },
    comment: { type: Schema.Types.ObjectId, ref: 'Comment', default: null },
    milestone: { type: Number, default: null },
    verdict: { type: String, enum: ['well', 'poorly', 'close'], default: null },
    // Why a take was hidden: 5 distinct reporters, or a moderator.
    reason: { type: String, enum: ['reports', 'moderators'], default: null },
    // A scored receipt's points (with its verdict), and the Callers board ('all' or a season) a fan entered the top of.
    points: { type: Number, default: null },
    board: { type: String, default: null },
    // Settled calls: the game they were on (null for season calls) and how many of those the fan weighed in on.
    game: { type: Number, default: null },
    count: { type: Number, default: null },
    read: { type: Boolean, default: false },
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);

notificationSchema.index({ recipient: 1, key: 1 }, { unique: true });
// The list, newest first, paged by (createdAt, _id).
notificationSchema.index({ recipient: 1, createdAt: -1, _id: -1 });
// The unread count and Mark all read.
notificationSchema.index({ recipient: 1, read: 1 });
// Deleting a take (and with it its comments) removes what points at it.
notificationSchema.index({ take: 1 });
// Deleting a comment removes what it caused.
notificationSchema.index({ comment: 1 });
// A block or mute removes what one fan's doings told the other; deleting an account, all its doings told.
notificationSchema.index({ actor: 1, recipient: 1 });

export type NotificationDoc = InferSchemaType<typeof notificationSchema>;
export const Notification: Model<NotificationDoc> =
  (models.Notification as Model<NotificationDoc>) ?? model<NotificationDoc>('Notification', notificationSchema);
