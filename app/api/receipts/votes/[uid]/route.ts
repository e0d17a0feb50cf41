// GET /api/receipts/votes/{uid} — the viewer's own receipt votes.
import { requireIdentity } from '@/lib/auth';
import { listReceiptVotes } from '@/lib/data/receipts/receipts';
import { requireAppUser } from '@/lib/data/people/users';
import { forbidden } from '@/lib/errors';
import { json, parseParams, route } from '@/lib/http';
import { uidParams } from '@/lib/validation/common';

export const GET = route(async (request, context) => {
  const { uid } = await parseParams(context, uidParams);
  const identity = await requireIdentity(request);
  if (identity.uid !== uid) throw forbidden('You can only read your own votes.');
  return json(await listReceiptVotes((await requireAppUser(identity))._id));
});
