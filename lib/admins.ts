import 'server-only';
import { env } from '@/lib/env';

/**
 * The custom claim on a Firebase account that makes it an administrator, set and cleared by the operator's command
 * (`npm run admin`, lib/data/moderation/administrators.ts). Firebase signs it into every ID token and session cookie
 * minted after it was set, so reading it costs nothing; docs/decisions.md says why the role lives there.
 */
export const ADMIN_CLAIM = 'takesAdmin';

/** Whether a verified token or session cookie carries the administrator claim. */
export const carriesAdminClaim = (claims: Record<string, unknown>): boolean => claims[ADMIN_CLAIM] === true;

/** Whether the environment names this identity an administrator (TAKES_ADMIN_UIDS, or a verified TAKES_ADMIN_EMAILS). */
export function namedByEnvironment(who: { uid: string; email: string | null; emailVerified: boolean }): boolean {
  const { TAKES_ADMIN_UIDS, TAKES_ADMIN_EMAILS } = env();
  return (
    TAKES_ADMIN_UIDS.includes(who.uid) || (who.emailVerified && who.email !== null && TAKES_ADMIN_EMAILS.includes(who.email.toLowerCase()))
  );
}
