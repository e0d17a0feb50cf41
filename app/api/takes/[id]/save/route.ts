// GET /api/takes/{id}/save — whether the viewer saved the take; POST — save it (and ask to be told when its call settles); DELETE — unsave it. Private to the viewer.
import { requireIdentity } from '@/lib/auth';
import { saveStateOf, saveTake, unsaveTake } from '@/lib/data/reactions/saves';
import { requireAppUser } from '@/lib/data/people/users';
import { json, parseBody, parseParams, route } from '@/lib/http';
import { rateLimit } from '@/lib/rate-limit';
import { saveBody, saveParams } from '@/lib/validation/calls';

export const GET = route(async (request, context) => {
  const { id } = await parseParams(context, saveParams);
  const user = await requireAppUser(await requireIdentity(request));
  return json(await saveStateOf(user._id, id));
});

export const POST = route(async (request, context) => {
  const { id } = await parseParams(context, saveParams);
  const user = await requireAppUser(await requireIdentity(request));
  const { notify } = await parseBody(request, saveBody);
  await rateLimit('save', request, String(user._id));
  return json(await saveTake(user._id, id, notify));
});

export const DELETE = route(async (request, context) => {
  const { id } = await parseParams(context, saveParams);
  const user = await requireAppUser(await requireIdentity(request));
  await rateLimit('save', request, String(user._id));
  return json(await unsaveTake(user._id, id));
});
