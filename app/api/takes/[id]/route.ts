// GET /api/takes/{id} — one take (a hidden one only for its author and admins). DELETE — the author removes it.
import { optionalIdentity, requireIdentity } from '@/lib/auth';
import { hiddenForViewer } from '@/lib/data/visibility/block-facts';
import { shieldedCall } from '@/lib/data/filters/lists';
import { readerForViewer } from '@/lib/data/filters/reader';
import { getTakeForViewer } from '@/lib/data/moderation/moderated-takes';
import { deleteTake } from '@/lib/data/takes/takes';
import { requireAppUser } from '@/lib/data/people/users';
import { notFound } from '@/lib/errors';
import { json, parseParams, route } from '@/lib/http';
import { idParams } from '@/lib/validation/common';

export const GET = route(async (request, context) => {
  const { id } = await parseParams(context, idParams);
  const viewer = await optionalIdentity(request);
  const [take, hidden] = await Promise.all([getTakeForViewer(id, viewer), hiddenForViewer(viewer)]);
  // A take by someone the viewer has muted or blocked (or who blocked them) is not there for them.
  if (hidden.has(take.createdBy._id)) throw notFound('Take not found.');
  // A settled call on a game the viewer's spoiler shield covers keeps its result back (the reader is read only then).
  return json(take.call?.result && take.call.game !== null ? shieldedCall(await readerForViewer(viewer), take) : take);
});

export const DELETE = route(async (request, context) => {
  const { id } = await parseParams(context, idParams);
  const user = await requireAppUser(await requireIdentity(request));
  await deleteTake(id, user._id);
  return json({ message: 'Post deleted.' });
});
