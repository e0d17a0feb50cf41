// DELETE /api/comments/{id} — its author (or a moderator) deletes a comment or reply; a second delete is a 404.
import { requireIdentity } from '@/lib/auth';
import { isModerator } from '@/lib/data/shared/roles';
import { deleteCommentAs } from '@/lib/data/moderation/moderated-comments';
import { requireAppUser } from '@/lib/data/people/users';
import { json, parseParams, route } from '@/lib/http';
import { idParams } from '@/lib/validation/common';

export const DELETE = route(async (request, context) => {
  const { id } = await parseParams(context, idParams);
  const identity = await requireIdentity(request);
  const user = await requireAppUser(identity);
  const comment = await deleteCommentAs(id, user._id, { moderator: await isModerator(identity) });
  return json({ message: 'Comment deleted.', comment });
});
