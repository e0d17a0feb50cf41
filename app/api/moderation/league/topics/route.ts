// GET /api/moderation/league/topics — every topic, open or closed; POST — add one. Admins only; 404 for anyone else.
import { addTopic, listAdminTopics } from '@/lib/data/league/topics';
import { json, parseBody, route } from '@/lib/http';
import { leagueAdmin } from '@/app/api/_lib/shared-routes';
import { addTopicBody } from '@/lib/validation/league';

export const GET = route(async (request) => {
  await leagueAdmin(request, { writes: false });
  return json(await listAdminTopics());
});

export const POST = route(async (request) => {
  const admin = await leagueAdmin(request, { writes: true });
  return json(await addTopic(await parseBody(request, addTopicBody), admin._id), 201);
});
