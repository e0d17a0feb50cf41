import { z } from 'zod';

/**
 * The App Router has no navigation state, so sign-up hands the new account to
 * /create-username through sessionStorage: per tab, and gone when the tab closes.
 */
const KEY = 'takes:create-username';

const pendingSchema = z.object({ firebaseUID: z.string().min(1), email: z.string() });
export type PendingSignUp = z.infer<typeof pendingSchema>;

export function savePendingSignUp(pending: PendingSignUp): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(pending));
  } catch (error) {
    console.error('Could not remember the new account for username creation', error);
  }
}

/** The raw stored value; a string snapshot keeps useSyncExternalStore stable between reads. */
export function readPendingSignUpRaw(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function parsePendingSignUp(raw: string | null): PendingSignUp | null {
  if (!raw) return null;
  try {
    const parsed = pendingSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function clearPendingSignUp(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
