// GET /api/notifications?cursor — the viewer's notifications, newest first, 20 a page, as their filters show them.
import { requireIdentity } from '@/lib/auth';
import { readerFor } from '@/lib/data/filters/reader';
import { notificationsFor } from '@/lib/data/filters/reader-notifications';
import { requireAppUser } from '@/lib/data/people/users';
import { json, parseQuery, route } from '@/lib/http';
import { notificationsQuery } from '@/lib/validation/notifications';

export const GET = route(async (request) => {
  const { cursor } = parseQuery(request, notificationsQuery);
  const user = await requireAppUser(await requireIdentity(request));
  return json(await notificationsFor(await readerFor(String(user._id)), user._id, cursor));
});
