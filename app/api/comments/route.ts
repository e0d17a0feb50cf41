// GET /api/comments?postID&sort&skip&limit — a take's comments (new or best) or a comment's replies. POST — add one.
import { requireIdentity } from '@/lib/auth';
import { createComment, listComments } from '@/lib/data/comments';
import { requireAppUser } from '@/lib/data/users';
import { rateLimit } from '@/lib/rate-limit';
import { json, parseBody, parseQuery, route } from '@/lib/http';
import { createCommentBody, listCommentsQuery } from '@/lib/validation/comments';

export const GET = route(async (request) => {
  const { postID, sort, skip, limit } = parseQuery(request, listCommentsQuery);
  return json(await listComments(postID, { skip, limit, sort }));
});

export const POST = route(async (request) => {
  const user = await requireAppUser(await requireIdentity(request));
  const input = await parseBody(request, createCommentBody);
  await rateLimit('comment', request, String(user._id));
  return json(await createComment(user._id, input), 201);
});
