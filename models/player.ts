import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

// _id is the NBA's public person id.
const playerSchema = new Schema(
  {
    _id: { type: Number, required: true },
    name: { type: String, required: true },
    teamId: { type: Number, default: null },
    position: { type: String, default: '' },
    jersey: { type: String, default: '' },
  },
  { versionKey: false },
);

playerSchema.index({ name: 1 });

export type PlayerDoc = InferSchemaType<typeof playerSchema>;
export const Player: Model<PlayerDoc> = (models.Player as Model<PlayerDoc>) ?? model<PlayerDoc>('Player', playerSchema);
