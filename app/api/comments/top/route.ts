// GET /api/comments/top?postID — the most-liked top-level comment, or null.
import { topComment } from '@/lib/data/comments';
import { json, parseQuery, route } from '@/lib/http';
import { topCommentQuery } from '@/lib/validation/comments';

export const GET = route(async (request) => {
  const { postID } = parseQuery(request, topCommentQuery);
  return json({ topComment: await topComment(postID) });
});
