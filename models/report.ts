import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

const reportSchema = new Schema(
  {
    take: { type: Schema.Types.ObjectId, ref: 'Take', required: true },
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    reason: { type: String, required: true },
  },
  { timestamps: true, versionKey: false },
);

// One report per user per take; a repeat is a no-op.
reportSchema.index({ take: 1, user: 1 }, { unique: true });

export type ReportDoc = InferSchemaType<typeof reportSchema>;
export const Report: Model<ReportDoc> = (models.Report as Model<ReportDoc>) ?? model<ReportDoc>('Report', reportSchema);
