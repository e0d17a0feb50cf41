import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

/**
 * The few facts about the deployment itself that every instance must agree on,
 * one document each: `schema` (the schema versions applied, and the lease of the
 * instance applying the next one: lib/data/maintenance/schema.ts), `counter-scan` (how far
 * the scheduled job has checked the facts' counters, per collection: lib/data/counters/counter-checks.ts) and `league` (the league data's
 * version, moved by every league change: lib/data/shared/league-version.ts).
 */
const systemStateSchema = new Schema(
  {
    _id: { type: String, required: true },
    // The schema versions applied (lib/data/maintenance/schema.ts): a set, so instances of two releases side by side during a rollout do not undo each other.
    applied: { type: [String], default: undefined },
    // The data migrations run (lib/data/maintenance/migrations.ts), by name: each runs once, whatever the versions after it.
    migrations: { type: [String], default: undefined },
    // How many times an instance applied a version: two instances starting at once must not both build.
    builds: { type: Number },
    leaseUntil: { type: Date },
    // Host, process and a random part: which instance holds the lease.
    leaseHolder: { type: String },
    // The instance that applied the last version, and the last steps taken under the lease by whom (a bounded list).
    appliedBy: { type: String },
    history: { type: [{ _id: false, step: String, holder: String, at: Date }], default: undefined },
    at: { type: Date },
    // counter-scan: how far each collection of facts was read, so a run cut short is resumed from there. `at` keeps the
    // earliest of them, the single mark releases before these positions read.
    cursors: {
      useractions: { type: Date },
      comments: { type: Date },
      follows: { type: Date },
      receiptvotes: { type: Date },
      takes: { type: Date },
    },
    version: { type: Number },
  },
  { versionKey: false, collection: 'systemstate' },
);

export type SystemStateDoc = InferSchemaType<typeof systemStateSchema>;
export const SystemState: Model<SystemStateDoc> =
  (models.SystemState as Model<SystemStateDoc>) ?? model<SystemStateDoc>('SystemState', systemStateSchema);
