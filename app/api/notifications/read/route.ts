// POST /api/notifications/read — mark the listed notifications ({ ids }) or all of them ({ all: true }) read.
import { requireIdentity } from '@/lib/auth';
import { markRead } from '@/lib/data/notifications/notifications';
import { requireAppUser } from '@/lib/data/people/users';
import { rateLimit } from '@/lib/rate-limit';
import { json, parseBody, route } from '@/lib/http';
import { markReadBody } from '@/lib/validation/notifications';

export const POST = route(async (request) => {
  const user = await requireAppUser(await requireIdentity(request));
  const which = await parseBody(request, markReadBody);
  await rateLimit('notificationsRead', request, String(user._id));
  return json({ unread: await markRead(user._id, 'ids' in which ? { ids: which.ids } : { all: true }) });
});
