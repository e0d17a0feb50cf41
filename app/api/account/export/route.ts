// GET /api/account/export — "Download my data": everything Takes keeps about the viewer, as one JSON file, streamed.
import { assertRecentSignIn, requireIdentity } from '@/lib/auth';
import { exportAccount } from '@/lib/data/account/account-export';
import { requireAppUser } from '@/lib/data/people/users';
import { download, route } from '@/lib/http';
import { rateLimit } from '@/lib/rate-limit';

export const GET = route(async (request) => {
  const identity = await requireIdentity(request);
  // Everything the account holds leaves with this file: only for a fan who has just signed in.
  await assertRecentSignIn(identity);
  const user = await requireAppUser(identity);
  await rateLimit('accountExport', request, String(user._id));
  const at = new Date();
  return download(
    exportAccount(user, at),
    `takes-${user.username}-${at.toISOString().slice(0, 10)}.json`,
    'application/json; charset=utf-8',
  );
});
