// GET /og/players/{id} — the 1200×630 card of a player.
import { getPlayer, getTeam } from '@/lib/data/discovery/entities';
import { badgeFor } from '@/lib/data/discovery/entity-badge';
import { notFound } from '@/lib/errors';
import { parseParams, route } from '@/lib/http';
import { entityCardResponse } from '@/lib/og/card-routes';
import { entityArt } from '@/lib/og/entity-art';
import { playerParams } from '@/lib/validation/takes';
import { z } from 'zod';

const params = z.object({ id: playerParams.shape.playerID });

export const GET = route(async (request, context) => {
  const { id } = await parseParams(context, params);
  const player = await getPlayer(id);
  if (!player) throw notFound('Player not found.');
  const team = player.teamId ? await getTeam(player.teamId) : null;
  const entity = { type: 'player' as const, id, name: player.name };
  const subtitle = team ? `${team.name} · takes from the fans` : 'Takes from the fans';
  return entityCardResponse(request, entity, subtitle, await entityArt(entity, badgeFor(entity)));
});
