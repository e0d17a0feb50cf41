// DELETE /api/account — the viewer deletes their account, typing their username to confirm; asked again, an interrupted deletion finishes.
import { assertRecentSignIn, deleteIdentity, requireIdentity } from '@/lib/auth';
import { deleteAccount } from '@/lib/data/account/account-deletion';
import { findUserByUid } from '@/lib/data/people/users';
import { badRequest } from '@/lib/errors';
import { json, parseBody, route } from '@/lib/http';
import { deleteAccountBody } from '@/lib/validation/account';

export const DELETE = route(async (request) => {
  const identity = await requireIdentity(request);
  // A token from an old sign-in (an unattended browser, a stolen token) deletes nothing: the fan signs in again first.
  await assertRecentSignIn(identity);
  const { username } = await parseBody(request, deleteAccountBody);
  const user = await findUserByUid(identity.uid);
  if (user) {
    if (user.username !== username) throw badRequest('Type your username exactly to confirm.');
    await deleteAccount(user);
  }
  // Last, once nothing of theirs is left: the Firebase account is what lets an interrupted deletion be asked again.
  await deleteIdentity(identity.uid);
  return json({ message: 'Your account has been deleted.' });
});
