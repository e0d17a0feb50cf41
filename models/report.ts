import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

const reportSchema = new Schema(
  {
    take: { type: Schema.Types.ObjectId, ref: 'Take', required: true },
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    reason: { type: String, required: true },
    // Whether its reporter was in good standing when they filed it (lib/data/moderation/reporter-standing.ts): only these count toward hiding.
    counts: { type: Boolean, default: false },
    // Open until a moderator acts on the take (lib/data/moderation/moderation.ts); who closed it and when.
    closedAt: { type: Date, default: null },
    closedBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
  },
  { timestamps: true, versionKey: false },
);

// One report per user per take; a repeat is a no-op.
reportSchema.index({ take: 1, user: 1 }, { unique: true });
// A take's open reports: the auto-hide count, the queue's groups, closing them.
reportSchema.index({ take: 1, closedAt: 1, createdAt: 1 });
// A take's open reports that count toward hiding (lib/data/moderation/moderation.ts).
reportSchema.index({ take: 1, closedAt: 1, counts: 1 });
// The moderation queue: open reports, oldest first.
reportSchema.index({ closedAt: 1, createdAt: 1, _id: 1 });
// The reports a fan filed go with their account.
reportSchema.index({ user: 1 });

export type ReportDoc = InferSchemaType<typeof reportSchema>;
export const Report: Model<ReportDoc> = (models.Report as Model<ReportDoc>) ?? model<ReportDoc>('Report', reportSchema);
