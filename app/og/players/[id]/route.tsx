// GET /og/players/{id} — the 1200×630 card of a player.
import { z } from 'zod';
import { getPlayer, getTeam } from '@/lib/data/discovery/entities';
import { badgeFor } from '@/lib/data/discovery/entity-badge';
import { notFound } from '@/lib/errors';
import { parseParams } from '@/lib/http';
import { entityCardResponse } from '@/lib/og/card-routes';
import { entityArt } from '@/lib/og/entity-art';
import { imageRoute } from '@/lib/og/image-route';
import { playerParams } from '@/lib/validation/takes';

const params = z.object({ id: playerParams.shape.playerID });

export const GET = imageRoute(
  async (_request, context) => {
    const { id } = await parseParams(context, params);
    return { path: `/og/players/${id}`, value: id };
  },
  async (request, id) => {
    const player = await getPlayer(id);
    if (!player) throw notFound('Player not found.');
    const team = player.teamId ? await getTeam(player.teamId) : null;
    const entity = { type: 'player' as const, id, name: player.name };
    const subtitle = team ? `${team.name} · takes from the fans` : 'Takes from the fans';
    return entityCardResponse(request, entity, subtitle, await entityArt(entity, badgeFor(entity)));
  },
);
