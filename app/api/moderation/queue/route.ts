// GET /api/moderation/queue — reported takes, oldest open report first, and the latest actions. Admins only; 404 for anyone else.
import { requireAdmin } from '@/lib/auth';
import { moderationQueue } from '@/lib/data/moderation';
import { json, route } from '@/lib/http';

export const GET = route(async (request) => {
  await requireAdmin(request);
  return json(await moderationQueue());
});
