import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

/**
 * The few facts about the deployment itself that every instance must agree on,
 * one document each: `schema` (the schema versions applied, and the lease of the
 * instance applying the next one: lib/schema.ts) and `counter-scan` (how far
 * the scheduled job has checked the facts' counters: lib/data/counters/counter-checks.ts) and `league` (the league data's
 * version, moved by every league change: lib/data/shared/league-version.ts).
 */
const systemStateSchema = new Schema(
  {
    _id: { type: String, required: true },
    // The schema versions applied (lib/schema.ts): a set, so instances of two releases side by side during a rollout do not undo each other.
    applied: { type: [String], default: undefined },
    // The data migrations run (lib/schema.ts), by name: each runs once, whatever the versions after it.
    migrations: { type: [String], default: undefined },
    // How many times an instance applied a version: two instances starting at once must not both build.
    builds: { type: Number },
    leaseUntil: { type: Date },
    leaseHolder: { type: String },
    at: { type: Date },
    version: { type: Number },
  },
  { versionKey: false, collection: 'systemstate' },
);

export type SystemStateDoc = InferSchemaType<typeof systemStateSchema>;
export const SystemState: Model<SystemStateDoc> =
  (models.SystemState as Model<SystemStateDoc>) ?? model<SystemStateDoc>('SystemState', systemStateSchema);
