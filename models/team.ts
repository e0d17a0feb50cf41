import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

/** What a team was called until a rebrand: kept so old names stay searchable and old takes still read right. */
const formerNameSchema = new Schema(
  {
    name: { type: String, required: true },
    city: { type: String, required: true },
    nickname: { type: String, required: true },
    abbreviation: { type: String, required: true },
    until: { type: Date, required: true },
  },
  { _id: false },
);

// _id is the NBA's public team id.
const teamSchema = new Schema(
  {
    _id: { type: Number, required: true },
    name: { type: String, required: true },
    city: { type: String, required: true },
    nickname: { type: String, required: true },
    abbreviation: { type: String, required: true },
    conference: { type: String, enum: ['East', 'West'], required: true },
    primaryColor: { type: String, required: true },
    secondaryColor: { type: String, required: true },
    formerNames: { type: [formerNameSchema], default: [] },
    // Moved by every league change (lib/data/league/league-batches.ts), which applies only to the revision it read.
    rev: { type: Number, default: 0 },
  },
  { versionKey: false },
);

teamSchema.index({ name: 1 });

export type TeamDoc = InferSchemaType<typeof teamSchema>;
export const Team: Model<TeamDoc> = (models.Team as Model<TeamDoc>) ?? model<TeamDoc>('Team', teamSchema);
