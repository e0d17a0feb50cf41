import { apiFetch } from '@/lib/client/api';
import type { EntityType } from '@/lib/league/entities';
import type { Entity } from '@/lib/validation/takes';

const PATHS: Record<EntityType, string> = { player: '/api/players', team: '/api/teams', special: '/api/special-topics' };

// Checked by hand, not with the `entity` schema: these lists load on the account page and in the composer, and the
// schema's module would bring zod into their first load. The server's answers are checked against the schemas in
// tests/api; here a row that does not fit is only left out.
const isEntity = (row: unknown): row is Entity => {
  if (typeof row !== 'object' || row === null) return false;
  const { id, name } = row as Record<string, unknown>;
  return (typeof id === 'number' || typeof id === 'string') && typeof name === 'string';
};

/** The topics answer is a list or `{ specialTopics: [...] }` (docs/product.md#content). */
const rowsOf = (answer: unknown): unknown[] => {
  if (Array.isArray(answer)) return answer;
  const topics = (answer as { specialTopics?: unknown } | null)?.specialTopics;
  return Array.isArray(topics) ? topics : [];
};

/** Every player, team or special topic, by id and name; a row that does not fit is left out rather than failing the list. */
export async function listEntities(entityType: EntityType): Promise<Entity[]> {
  return rowsOf(await apiFetch(PATHS[entityType])).filter(isEntity);
}
