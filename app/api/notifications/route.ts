// GET /api/notifications?cursor — the caller's notifications, newest first, 20 a page.
import { requireIdentity } from '@/lib/auth';
import { listNotifications } from '@/lib/data/notifications/notifications';
import { requireAppUser } from '@/lib/data/people/users';
import { json, parseQuery, route } from '@/lib/http';
import { notificationsQuery } from '@/lib/validation/notifications';

export const GET = route(async (request) => {
  const { cursor } = parseQuery(request, notificationsQuery);
  const user = await requireAppUser(await requireIdentity(request));
  return json(await listNotifications(user._id, { cursor }));
});
