import 'server-only';
import { createHash } from 'node:crypto';
import mongoose, { type Types } from 'mongoose';
import { addressNetwork } from '@/lib/callers/address-network';
import { CALLER_SIGNUP_LINK_MS } from '@/lib/callers/constants';
import { isDuplicateKey } from '@/lib/errors';
import { RateLimit, type RateLimitRow } from '@/models';

/**
 * The sign-up cohort of a new account: accounts created from one network (lib/callers/address-network.ts) within
 * CALLER_SIGNUP_LINK_MS of the first of them share one, and count as one fan in a Callers crowd or verdict
 * (lib/callers/caller-links.ts). The network is kept only as a digest, in the key of a window of the rate-limit collection
 * that starts with the first sign-up and is swept once it ends (sweepRateLimits in lib/rate-limit.ts). The cohort is
 * that window's own _id, which says nothing about the address: once the window is swept, nothing of the address is
 * left. Null without a routed address, or when sign-ups from one network race past every attempt (the account is then
 * simply not linked: a sign-up never fails for this).
 */
export async function signupCohortOf(address: string | null, at: Date): Promise<Types.ObjectId | null> {
  const network = addressNetwork(address);
  if (!network) return null;
  const key = `signupNetwork:${createHash('sha256').update(network).digest('hex').slice(0, 32)}`;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const window = await RateLimit.findOneAndUpdate(
        { key, expire: mongoose.trusted({ $gt: at }) },
        { $setOnInsert: { points: 0, expire: new Date(at.getTime() + CALLER_SIGNUP_LINK_MS) } },
        { upsert: true, returnDocument: 'after' },
      ).lean<Pick<RateLimitRow, '_id'>>();
      if (window) return window._id;
    } catch (error) {
      // The key is held: by a window that has ended (it goes, and the next attempt starts a new cohort with a new
      // _id), or by a sign-up that inserted it a moment ago (the next attempt finds it).
      if (!isDuplicateKey(error)) throw error;
      await RateLimit.deleteOne({ key, expire: mongoose.trusted({ $lte: at }) });
    }
  }
  return null;
}
