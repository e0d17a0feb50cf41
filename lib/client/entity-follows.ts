import { apiFetch, type Answer } from '@/lib/client/api';
import type { FollowableType } from '@/lib/validation/entity-follows';

// Apart from lib/client/entities.ts, whose lists are parsed with zod: the Follow button on every team and player page
// needs none of it, and importing it there put zod in those pages' first load.

/** Follows or unfollows a team or player: its takes join or leave the viewer's Following tab. */
export function setFollowingEntity(
  type: FollowableType,
  id: number,
  follow: boolean,
  token: string | null,
): Promise<Answer<'entityFollowState'>> {
  const path = `/api/${type === 'team' ? 'teams' : 'players'}/${id}/${follow ? 'follow' : 'unfollow'}`;
  return apiFetch(path, { method: 'POST', token, answer: 'entityFollowState' });
}
