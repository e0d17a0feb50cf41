import { z } from 'zod';
import { apiFetch } from '@/lib/client/api';
import type { EntityType } from '@/lib/entities';
import { entity } from '@/lib/validation/takes';

const PATHS: Record<EntityType, string> = { player: '/api/players', team: '/api/teams', special: '/api/special-topics' };

/** The topics answer is a list or `{ specialTopics: [...] }` (docs/product.md#content). */
const topicsAnswer = z.union([z.array(z.unknown()), z.object({ specialTopics: z.array(z.unknown()) }).transform((a) => a.specialTopics)]);

/** Every player, team or special topic, by id and name; a row that does not fit is left out rather than failing the list. */
export async function listEntities(entityType: EntityType): Promise<z.output<typeof entity>[]> {
  const answer = await apiFetch(PATHS[entityType]);
  const rows = entityType === 'special' ? topicsAnswer.parse(answer) : z.array(z.unknown()).parse(answer);
  return rows.flatMap((row) => {
    const parsed = entity.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });
}
