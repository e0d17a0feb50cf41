// GET /api/moderation/queue — reported takes, oldest open report first, the latest actions, and Callers verdicts most voters of which follow the author. Admins only; 404 for anyone else.
import { requireAdmin } from '@/lib/auth';
import { moderationQueue } from '@/lib/data/moderation/moderation';
import { json, route } from '@/lib/http';

export const GET = route(async (request) => {
  await requireAdmin(request);
  return json(await moderationQueue());
});
