import type { EntityType } from '@/lib/entities';

/** How an entity type is named to people. */
export const ENTITY_KIND: Record<EntityType, string> = { player: 'Player', team: 'Team', special: 'Topic' };
