// GET /og/teams/{id} — the 1200×630 card of a team.
import { getTeam } from '@/lib/data/discovery/entities';
import { notFound } from '@/lib/errors';
import { parseParams, route } from '@/lib/http';
import { entityCardResponse } from '@/lib/og/card-routes';
import { teamParams } from '@/lib/validation/takes';
import { z } from 'zod';

const params = z.object({ id: teamParams.shape.teamID });

export const GET = route(async (request, context) => {
  const { id } = await parseParams(context, params);
  const team = await getTeam(id);
  if (!team) throw notFound('Team not found.');
  return entityCardResponse(request, { type: 'team', id, name: team.name }, 'Takes from the fans');
});
