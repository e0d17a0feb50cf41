// GET /api/moderation/queue — reported takes, oldest open report first, the latest actions, and Callers verdicts most voters of which follow the author. Moderators only; 404 for anyone else.
import { moderationQueue } from '@/lib/data/moderation/moderation';
import { requireModerator } from '@/lib/data/shared/roles';
import { json, route } from '@/lib/http';

export const GET = route(async (request) => {
  await requireModerator(request);
  return json(await moderationQueue());
});
