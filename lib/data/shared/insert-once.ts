import 'server-only';
import { isDuplicateKey } from '@/lib/errors';

/**
 * Runs an insert that a unique index guards (one reaction per fan and slot, one vote per receipt, one score per
 * receipt, one notification per key): true when it stored the document, false when one with that key was there
 * already, from an earlier call, another instance or a race. What the fact moves (a counter, a notification) follows
 * only a true, so a repeat moves nothing. Any other failure is thrown.
 */
export async function insertOnce(insert: () => PromiseLike<unknown>): Promise<boolean> {
  try {
    await insert();
    return true;
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
}
