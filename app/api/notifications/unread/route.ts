// GET /api/notifications/unread — how many of the caller's notifications are unread (up to 10; the bell shows 9+).
import { requireIdentity } from '@/lib/auth';
import { unreadCount } from '@/lib/data/notifications';
import { requireAppUser } from '@/lib/data/users';
import { json, route } from '@/lib/http';

export const GET = route(async (request) => {
  const user = await requireAppUser(await requireIdentity(request));
  return json({ unread: await unreadCount(user._id) });
});
