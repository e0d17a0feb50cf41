// GET /api/comments/top?postID — the most-liked top-level comment the viewer's filters show whole, or null; a take not there for them is a 404.
import { optionalIdentity } from '@/lib/auth';
import { topCommentFor } from '@/lib/data/comments/reader-comments';
import { readerForViewer } from '@/lib/data/filters/reader';
import { mayReadThread } from '@/lib/data/visibility/take-access';
import { notFound } from '@/lib/errors';
import { json, parseQuery, route } from '@/lib/http';
import { topCommentQuery } from '@/lib/validation/comments';

export const GET = route(async (request) => {
  const { postID } = parseQuery(request, topCommentQuery);
  const viewer = await optionalIdentity(request);
  const reader = await readerForViewer(viewer);
  // A hidden take's comments are as hidden as the take, and so are those of a take by someone hidden from the viewer.
  // Asked first, so an id that names no thread the viewer may read never reaches the cached list of top comments.
  if (!(await mayReadThread(postID, viewer, reader.filters.hiddenAuthors))) throw notFound('Take not found.');
  return json({ topComment: await topCommentFor(reader, postID) });
});
