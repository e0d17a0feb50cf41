// GET /api/comments?postID&sort&skip&limit&cursor&reveal — a take's comments (new or best) or a comment's replies, as the viewer's filters
// show them; a take not there for the viewer (hidden by moderation, or by a fan hidden from them) is a 404. POST — add one.
import { optionalIdentity, requireIdentity } from '@/lib/auth';
import { createComment } from '@/lib/data/comments/comments';
import { commentsFor } from '@/lib/data/comments/reader-comments';
import { readerForViewer } from '@/lib/data/filters/reader';
import { mayReadThread } from '@/lib/data/visibility/take-access';
import { requireAppUser } from '@/lib/data/people/users';
import { notFound } from '@/lib/errors';
import { rateLimit } from '@/lib/rate-limit';
import { json, parseBody, parseQuery, route } from '@/lib/http';
import { createCommentBody, listCommentsQuery } from '@/lib/validation/comments';

export const GET = route(async (request) => {
  const { postID, ...query } = parseQuery(request, listCommentsQuery);
  const viewer = await optionalIdentity(request);
  const reader = await readerForViewer(viewer);
  // Asked first, so a thread nobody may read (or an id that names none) is never listed, nor its page cached.
  if (!(await mayReadThread(postID, viewer, reader.filters.hiddenAuthors))) throw notFound('Take or comment not found.');
  // Where the next page starts is counted from the comments as listed (commentsFor), so one left out never shifts or ends the paging.
  return json(await commentsFor(reader, postID, query));
});

export const POST = route(async (request) => {
  const user = await requireAppUser(await requireIdentity(request));
  const input = await parseBody(request, createCommentBody);
  await rateLimit('comment', request, String(user._id));
  return json(await createComment(user._id, input), 201);
});
