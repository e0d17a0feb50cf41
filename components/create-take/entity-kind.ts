import type { FocusType } from '@/lib/league/entities';

/** How a focus type is named to people. */
export const ENTITY_KIND: Record<FocusType, string> = { player: 'Player', team: 'Team', special: 'Topic', game: 'Game' };
