import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

/**
 * A report on a comment or reply, as a take's report (models/report.ts) is on a
 * take: one per user per comment, open until a moderator acts on the comment
 * (lib/data/moderation/moderation.ts). `take` is the comment's take, so deleting
 * a take removes its comments' reports with it.
 */
const commentReportSchema = new Schema(
  {
    comment: { type: Schema.Types.ObjectId, ref: 'Comment', required: true },
    take: { type: Schema.Types.ObjectId, ref: 'Take', required: true },
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    reason: { type: String, required: true },
    // Whether its reporter was in good standing when they filed it (lib/data/moderation/reporter-standing.ts): only these count toward hiding.
    counts: { type: Boolean, default: false },
    closedAt: { type: Date, default: null },
    closedBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
  },
  { timestamps: true, versionKey: false, collection: 'commentreports' },
);

// One report per user per comment; a repeat is a no-op.
commentReportSchema.index({ comment: 1, user: 1 }, { unique: true });
// A comment's open reports: the auto-hide count, the queue's groups, closing them.
commentReportSchema.index({ comment: 1, closedAt: 1, createdAt: 1 });
// A comment's open reports that count toward hiding (lib/data/moderation/moderated-comments.ts).
commentReportSchema.index({ comment: 1, closedAt: 1, counts: 1 });
// The moderation queue: open reports, oldest first.
commentReportSchema.index({ closedAt: 1, createdAt: 1, _id: 1 });
// Deleting a take removes its comments' reports; deleting an account, the reports it filed.
commentReportSchema.index({ take: 1 });
commentReportSchema.index({ user: 1 });

export type CommentReportDoc = InferSchemaType<typeof commentReportSchema>;
export const CommentReport: Model<CommentReportDoc> =
  (models.CommentReport as Model<CommentReportDoc>) ?? model<CommentReportDoc>('CommentReport', commentReportSchema);
