// PATCH /api/moderation/league/topics/{id} — rename a topic, or open or close it to new takes. Admins only; 404 for anyone else.
import { editTopic } from '@/lib/data/league/topics';
import { json, parseBody, parseParams, route } from '@/lib/http';
import { leagueAdmin } from '@/app/api/_lib/shared-routes';
import { editTopicBody, topicIdParams } from '@/lib/validation/league';

export const PATCH = route(async (request, context) => {
  const admin = await leagueAdmin(request, { writes: true });
  const { id } = await parseParams(context, topicIdParams);
  return json(await editTopic(id, await parseBody(request, editTopicBody), admin._id));
});
