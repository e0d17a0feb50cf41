// GET /api/notifications/{id} — one of the viewer's notifications, whole (what "show" on a collapsed one reads).
import { Types } from 'mongoose';
import { requireIdentity } from '@/lib/auth';
import { listNotifications } from '@/lib/data/notifications/notifications';
import { requireAppUser } from '@/lib/data/people/users';
import { notFound } from '@/lib/errors';
import { json, parseParams, route } from '@/lib/http';
import { idParams } from '@/lib/validation/common';

export const GET = route(async (request, context) => {
  const { id } = await parseParams(context, idParams);
  const user = await requireAppUser(await requireIdentity(request));
  const [notification] = (await listNotifications(user._id, { only: new Types.ObjectId(id) })).notifications;
  if (!notification) throw notFound('Notification not found.');
  return json(notification);
});
