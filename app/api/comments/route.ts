// GET /api/comments?postID&sort&skip&limit&cursor — a take's comments (new or best) or a comment's replies, without what the caller
// has hidden; a take not there for the caller (hidden by moderation, or by a fan hidden from them) is a 404. POST — add one.
import { optionalIdentity, requireIdentity } from '@/lib/auth';
import { hiddenForCaller, withoutHiddenComments } from '@/lib/data/visibility/block-facts';
import { createComment, listComments } from '@/lib/data/comments/comments';
import { mayReadThread } from '@/lib/data/visibility/take-access';
import { requireAppUser } from '@/lib/data/people/users';
import { notFound } from '@/lib/errors';
import { rateLimit } from '@/lib/rate-limit';
import { json, parseBody, parseQuery, route } from '@/lib/http';
import { createCommentBody, listCommentsQuery } from '@/lib/validation/comments';

export const GET = route(async (request) => {
  const { postID, sort, skip, limit, cursor } = parseQuery(request, listCommentsQuery);
  const viewer = await optionalIdentity(request);
  const hidden = await hiddenForCaller(viewer);
  // Asked first, so a thread nobody may read (or an id that names none) is never listed, nor its page cached.
  if (!(await mayReadThread(postID, viewer, hidden))) throw notFound('Take or comment not found.');
  const page = await listComments(postID, { skip, limit, sort, cursor });
  // Where the next page starts is counted before filtering (listComments), so a hidden comment never shifts or ends the paging.
  return json({ ...page, comments: withoutHiddenComments(page.comments, hidden) });
});

export const POST = route(async (request) => {
  const user = await requireAppUser(await requireIdentity(request));
  const input = await parseBody(request, createCommentBody);
  await rateLimit('comment', request, String(user._id));
  return json(await createComment(user._id, input), 201);
});
