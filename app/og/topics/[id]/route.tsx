// GET /og/topics/{id} — the 1200×630 card of a special topic.
import { getTopic } from '@/lib/data/discovery/entities';
import { notFound } from '@/lib/errors';
import { parseParams, route } from '@/lib/http';
import { entityCardResponse } from '@/lib/og/card-routes';
import { topicSlug } from '@/lib/validation/common';
import { z } from 'zod';

const params = z.object({ id: topicSlug });

export const GET = route(async (request, context) => {
  const { id } = await parseParams(context, params);
  const topic = await getTopic(id);
  if (!topic) throw notFound('Topic not found.');
  return entityCardResponse(request, { type: 'special', id, name: topic.name }, 'Takes from the fans');
});
