import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

/**
 * Abuse-limit windows (lib/rate-limit.ts): one document per kind and caller or
 * address, counting actions until `expire`, then renewed in place. The unique
 * key is what lets one command count an action in two windows. The app uses no
 * TTL indexes (the local engine has none), so the scheduled job sweeps expired windows.
 */
const rateLimitSchema = new Schema(
  {
    key: { type: String, required: true },
    points: { type: Number, default: 0 },
    expire: { type: Date, default: null },
  },
  { versionKey: false, collection: 'ratelimits' },
);

rateLimitSchema.index({ key: 1 }, { unique: true });
rateLimitSchema.index({ expire: 1 });

export type RateLimitDoc = InferSchemaType<typeof rateLimitSchema>;
export const RateLimit: Model<RateLimitDoc> =
  (models.RateLimit as Model<RateLimitDoc>) ?? model<RateLimitDoc>('RateLimit', rateLimitSchema);
