import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

/**
 * A take, comment, user or entity (a player's, team's or topic's stats) whose counters must be checked against their facts
 * (lib/data/counters/counter-checks.ts): written before a fact is removed (a removed
 * fact leaves nothing else behind), when a write could not move its counters,
 * and when a check could not settle. The scheduled job checks each and removes
 * it; `_id` is `<kind>:<id>`, so marking twice is one document.
 */
const counterCheckSchema = new Schema(
  {
    _id: { type: String, required: true },
    kind: { type: String, enum: ['take', 'comment', 'user', 'entity'], required: true },
    // An ObjectId's hex, or an entity key (`player:23`).
    target: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { versionKey: false, collection: 'counterchecks' },
);

counterCheckSchema.index({ at: 1 });

export type CounterCheckDoc = InferSchemaType<typeof counterCheckSchema>;
export const CounterCheck: Model<CounterCheckDoc> =
  (models.CounterCheck as Model<CounterCheckDoc>) ?? model<CounterCheckDoc>('CounterCheck', counterCheckSchema);
