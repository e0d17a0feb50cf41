import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

/**
 * Abuse-limit windows, written by rate-limiter-flexible's Mongo store (one
 * document per key, reused when its window expires). Declared here for its
 * indexes; the app uses no TTL indexes (the local engine has none), so lib/rate-limit.ts sweeps old windows.
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
export const RateLimit: Model<RateLimitDoc> = (models.RateLimit as Model<RateLimitDoc>) ?? model<RateLimitDoc>('RateLimit', rateLimitSchema);
