// GET /api/comments/{id} — one comment or reply, whole (what "show" on a collapsed one reads). DELETE — its author (or a moderator)
// deletes it; a second delete is a 404.
import { optionalIdentity, requireIdentity } from '@/lib/auth';
import { oneComment } from '@/lib/data/comments/comments';
import { isModerator } from '@/lib/data/shared/roles';
import { deleteCommentAs } from '@/lib/data/moderation/moderated-comments';
import { requireAppUser } from '@/lib/data/people/users';
import { hiddenForViewer } from '@/lib/data/visibility/block-facts';
import { mayReadThread } from '@/lib/data/visibility/take-access';
import { notFound } from '@/lib/errors';
import { json, parseParams, route } from '@/lib/http';
import { idParams } from '@/lib/validation/common';

export const GET = route(async (request, context) => {
  const { id } = await parseParams(context, idParams);
  const viewer = await optionalIdentity(request);
  const [comment, hidden] = await Promise.all([oneComment(id), hiddenForViewer(viewer)]);
  // As in its thread: not there for a reader who may not read the take, nor when its author is hidden from them.
  if (!comment || hidden.has(comment.user._id) || !(await mayReadThread(comment.postID, viewer, hidden)))
    throw notFound('Comment not found.');
  return json(comment);
});

export const DELETE = route(async (request, context) => {
  const { id } = await parseParams(context, idParams);
  const identity = await requireIdentity(request);
  const user = await requireAppUser(identity);
  const comment = await deleteCommentAs(id, user._id, { moderator: await isModerator(identity) });
  return json({ message: 'Comment deleted.', comment });
});
