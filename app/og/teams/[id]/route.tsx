// GET /og/teams/{id} — the 1200×630 card of a team.
import { getTeam } from '@/lib/data/discovery/entities';
import { badgeFor } from '@/lib/data/discovery/entity-badge';
import { notFound } from '@/lib/errors';
import { parseParams, route } from '@/lib/http';
import { entityCardResponse } from '@/lib/og/card-routes';
import { entityArt } from '@/lib/og/entity-art';
import { teamParams } from '@/lib/validation/takes';
import { z } from 'zod';

const params = z.object({ id: teamParams.shape.teamID });

export const GET = route(async (request, context) => {
  const { id } = await parseParams(context, params);
  const team = await getTeam(id);
  if (!team) throw notFound('Team not found.');
  const entity = { type: 'team' as const, id, name: team.name };
  return entityCardResponse(request, entity, 'Takes from the fans', await entityArt(entity, badgeFor(entity)));
});
