// GET /og/teams/{id} — the 1200×630 card of a team.
import { z } from 'zod';
import { getTeam } from '@/lib/data/discovery/entities';
import { badgeFor } from '@/lib/data/discovery/entity-badge';
import { notFound } from '@/lib/errors';
import { parseParams } from '@/lib/http';
import { entityCardResponse } from '@/lib/og/card-routes';
import { entityArt } from '@/lib/og/entity-art';
import { imageRoute } from '@/lib/og/image-route';
import { teamParams } from '@/lib/validation/takes';

const params = z.object({ id: teamParams.shape.teamID });

export const GET = imageRoute(
  async (_request, context) => {
    const { id } = await parseParams(context, params);
    return { path: `/og/teams/${id}`, value: id };
  },
  async (request, id) => {
    const team = await getTeam(id);
    if (!team) throw notFound('Team not found.');
    const entity = { type: 'team' as const, id, name: team.name };
    return entityCardResponse(request, entity, 'Takes from the fans', await entityArt(entity, badgeFor(entity)));
  },
);
