// GET /api/callers?board=season|all&season&team&cursor — a page of a callers board, with the signed-in viewer's own standing on it.
import { optionalIdentity } from '@/lib/auth';
import { now } from '@/lib/clock';
import { callersBoard, type BoardViewer } from '@/lib/data/callers/caller-boards';
import { requireViewer } from '@/lib/data/people/users';
import { AppError } from '@/lib/errors';
import { json, parseQuery, route } from '@/lib/http';
import { callersQuery } from '@/lib/validation/callers';

/** The viewer as a board reader, from the per-process viewer cache (lib/data/shared/viewer-cache.ts); a token without a username (or an account being deleted) reads as a visitor. */
async function boardViewerOf(request: Request): Promise<BoardViewer | null> {
  const identity = await optionalIdentity(request);
  if (!identity) return null;
  try {
    const viewer = await requireViewer(identity);
    return { _id: String(viewer._id), favoriteTeam: viewer.favoriteTeam };
  } catch (error) {
    if (error instanceof AppError && error.status === 403) return null;
    throw error;
  }
}

export const GET = route(async (request) => {
  const query = parseQuery(request, callersQuery);
  const [viewer, at] = await Promise.all([boardViewerOf(request), now()]);
  return json(await callersBoard(query, viewer, at));
});
