// GET /og/topics/{id} — the 1200×630 card of a special topic.
import { z } from 'zod';
import { getTopic } from '@/lib/data/discovery/entities';
import { badgeFor } from '@/lib/data/discovery/entity-badge';
import { notFound } from '@/lib/errors';
import { parseParams } from '@/lib/http';
import { entityCardResponse } from '@/lib/og/card-routes';
import { entityArt } from '@/lib/og/entity-art';
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
    const entity = { type: 'special' as const, id, name: topic.name };
    return entityCardResponse(request, entity, 'Takes from the fans', await entityArt(entity, badgeFor(entity)));
  },
);
