// GET /api/user-action/{uid}/marks?ids=… — the viewer's reactions, favorites and receipt votes on
// the takes and comments named, for a list loaded in the browser (the whole history is never sent to the site).
import { requireIdentity } from '@/lib/auth';
import { marksOn } from '@/lib/data/reactions/marks';
import { requireAppUser } from '@/lib/data/people/users';
import { forbidden } from '@/lib/errors';
import { json, parseParams, parseQuery, route } from '@/lib/http';
import { marksQuery } from '@/lib/validation/user-actions';
import { uidParams } from '@/lib/validation/common';

export const GET = route(async (request, context) => {
  const { uid } = await parseParams(context, uidParams);
  const { ids } = parseQuery(request, marksQuery);
  const identity = await requireIdentity(request);
  if (identity.uid !== uid) throw forbidden('You can only read your own marks.');
  return json(await marksOn((await requireAppUser(identity))._id, ids));
});
