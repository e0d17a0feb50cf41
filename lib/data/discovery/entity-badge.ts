import 'server-only';
import { getPlayer, getTeam } from '@/lib/data/discovery/entities';
import type { BadgeArt } from '@/lib/og/art';
import { FALLBACK, initials } from '@/lib/og/placeholder-art';
import type { Pictured } from '@/lib/og/entity-art';

/** The badge the share and preview images draw for an entity: team colours for teams and their players. */
export async function badgeFor(entity: Pictured): Promise<BadgeArt> {
  try {
    if (entity.type === 'team' && typeof entity.id === 'number') {
      const team = await getTeam(entity.id);
      if (team) return { text: team.abbreviation, background: team.primaryColor, accent: team.secondaryColor };
    }
    if (entity.type === 'player' && typeof entity.id === 'number') {
      const player = await getPlayer(entity.id);
      const team = player?.teamId ? await getTeam(player.teamId) : null;
      if (team) return { text: initials(entity.name), background: team.primaryColor, accent: team.secondaryColor };
    }
  } catch {
    // An unreachable lookup falls back to the neutral badge; the image still renders.
  }
  return { text: initials(entity.name), background: entity.type === 'special' ? '#312e81' : FALLBACK.background, accent: FALLBACK.accent };
}
