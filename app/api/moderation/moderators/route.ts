// GET /api/moderation/moderators — the moderators and the latest changes; POST — name a fan a moderator by username. Administrators only; 404 for anyone else.
import { requireAdmin } from '@/lib/auth';
import { now } from '@/lib/clock';
import { addModerator, listModerators } from '@/lib/data/moderation/moderators';
import { json, parseBody, route } from '@/lib/http';
import { rateLimit } from '@/lib/rate-limit';
import { addModeratorBody } from '@/lib/validation/moderation';

export const GET = route(async (request) => {
  await requireAdmin(request);
  return json(await listModerators());
});

export const POST = route(async (request) => {
  const admin = await requireAdmin(request);
  const { username } = await parseBody(request, addModeratorBody);
  await rateLimit('moderation', request, admin.uid);
  return json(await addModerator(username, admin.uid, await now()), 201);
});
