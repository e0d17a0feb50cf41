import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

// _id is a slug such as "mvp-race".
const specialTopicSchema = new Schema(
  {
    _id: { type: String, required: true },
    name: { type: String, required: true },
    description: { type: String, default: '' },
    // A closed topic keeps its page and takes and takes no new ones (the All-Star break is over).
    open: { type: Boolean, default: true },
    // Moved by every league change (lib/data/league/league-batches.ts), which applies only to the revision it read.
    rev: { type: Number, default: 0 },
  },
  { versionKey: false },
);

// The topic list, by name.
specialTopicSchema.index({ name: 1 });

export type SpecialTopicDoc = InferSchemaType<typeof specialTopicSchema>;
export const SpecialTopic: Model<SpecialTopicDoc> =
  (models.SpecialTopic as Model<SpecialTopicDoc>) ?? model<SpecialTopicDoc>('SpecialTopic', specialTopicSchema);
