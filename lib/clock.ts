import 'server-only';
import { headers } from 'next/headers';
import { env } from '@/lib/env';

/** Header a test sends to move the server's clock (ISO instant); honoured only with TAKES_TEST_CLOCK=1. */
export const TEST_NOW_HEADER = 'x-takes-test-now';

/**
 * The server's time for decisions that depend on it (receipts opening, their
 * verdicts). Tests move it per request instead of waiting days, and only where
 * lib/env.ts allows the test clock: beside the auth emulator, never on a real
 * deployment. Outside a request (scripts) or where request headers cannot be
 * read (a cached function), it is the real time.
 */
export async function now(): Promise<Date> {
  if (!env().TAKES_TEST_CLOCK) return new Date();
  let value: string | null = null;
  try {
    value = (await headers()).get(TEST_NOW_HEADER);
  } catch {
    // No request to read: a script, or a function whose result is cached across requests.
  }
  const at = value ? Date.parse(value) : Number.NaN;
  return Number.isFinite(at) ? new Date(at) : new Date();
}
