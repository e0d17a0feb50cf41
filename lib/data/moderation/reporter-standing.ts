import 'server-only';
import { REPORTER_MIN_ACCOUNT_AGE_MS } from '@/lib/moderation/constants';
import { Comment, UserAction, type UserRow } from '@/models';

export type Reporter = Pick<UserRow, '_id' | 'createdAt' | 'postsCount'>;

/**
 * Whether a report counts toward hiding what it reports (AUTO_HIDE_REPORTERS; good standing,
 * docs/product.md#moderation):
 * its reporter's account is at least REPORTER_MIN_ACCOUNT_AGE_MS old and has
 * taken part, with a take, a comment or a reaction (a favorite or share counts too). Accounts made minutes ago
 * are cheap; this is what keeps five of them from hiding anything until a
 * moderator looks. Judged when the report is filed and stored with it, so the
 * count stays one index read. `at` is the request's clock (lib/clock.ts).
 */
export async function countsTowardHiding(reporter: Reporter, at: Date): Promise<boolean> {
  if (at.getTime() - reporter.createdAt.getTime() < REPORTER_MIN_ACCOUNT_AGE_MS) return false;
  if (reporter.postsCount > 0) return true;
  const [commented, reacted] = await Promise.all([Comment.exists({ user: reporter._id }), UserAction.exists({ user: reporter._id })]);
  return commented !== null || reacted !== null;
}
