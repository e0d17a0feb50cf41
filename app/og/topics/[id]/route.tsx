// GET /og/topics/{id} — the 1200×630 card of a special topic.
import { z } from 'zod';
import { getTopic } from '@/lib/data/discovery/entities';
import { notFound } from '@/lib/errors';
import { parseParams } from '@/lib/http';
import { entityCardResponse } from '@/lib/og/card-routes';
import { imageRoute } from '@/lib/og/image-route';
import { topicSlug } from '@/lib/validation/common';

const params = z.object({ id: topicSlug });

export const GET = imageRoute(
  async (_request, context) => {
    const { id } = await parseParams(context, params);
    return { path: `/og/topics/${id}`, value: id };
  },
  async (request, id) => {
    const topic = await getTopic(id);
    if (!topic) throw notFound('Topic not found.');
    return entityCardResponse(request, { type: 'special', id, name: topic.name }, 'Takes from the fans');
  },
);
