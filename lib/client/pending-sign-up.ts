/**
 * The App Router has no navigation state, so sign-up hands the new account to
 * /create-username through sessionStorage: per tab, and gone when the tab closes.
 */
const KEY = 'takes:create-username';

export type PendingSignUp = { firebaseUID: string; email: string };

/**
 * What this tab stored a moment ago, read back: checked by hand rather than by a zod schema, which would bring zod
 * (about 35 kB gzip; neither its mini build nor the bundler sheds its core) into the first load of /sign-up and
 * /create-username for two strings. It is no request or answer, so none of lib/validation describes it.
 */
function isPendingSignUp(value: unknown): value is PendingSignUp {
  if (typeof value !== 'object' || value === null) return false;
  const { firebaseUID, email } = value as Record<string, unknown>;
  return typeof firebaseUID === 'string' && firebaseUID.length > 0 && typeof email === 'string';
}

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
    const parsed: unknown = JSON.parse(raw);
    return isPendingSignUp(parsed) ? { firebaseUID: parsed.firebaseUID, email: parsed.email } : null;
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
