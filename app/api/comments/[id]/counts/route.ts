// GET /api/comments/{id}/counts — fresh likes and dislikes of a comment.
import { getCommentCounts } from '@/lib/data/comments/comments';
import { json, parseParams, route } from '@/lib/http';
import { idParams } from '@/lib/validation/common';

export const GET = route(async (_request, context) => {
  const { id } = await parseParams(context, idParams);
  return json(await getCommentCounts(id));
});
