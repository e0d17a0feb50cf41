import { publicEnv } from '@/lib/public-env';

/** What a take is about (docs/product.md#content): a player, a team or a special topic. */
export type EntityType = 'player' | 'team' | 'special';

/** One string per focus, so entity pages and trending share an index. */
export function entityKey(type: EntityType, id: number | string): string {
  return `${type}:${id}`;
}

/** Entity image paths in the storage layout of docs/product.md#content. */
export function entityImagePath(type: EntityType, id: number | string): string {
  if (type === 'player') return `current-players/${id}.png`;
  if (type === 'team') return `teams/${id}.svg`;
  return `special-topics/${id}.png`;
}

export function entityImageUrl(type: EntityType, id: number | string): string {
  return `${publicEnv.storageBaseUrl.replace(/\/$/, '')}/${entityImagePath(type, id)}`;
}

/** The in-app page for an entity; teams use the /teams/nba/{id} shape (docs/product.md#screens). */
export function entityHref(type: EntityType, id: number | string): string {
  if (type === 'player') return `/players/${id}`;
  if (type === 'team') return `/teams/nba/${id}`;
  return `/topics/${id}`;
}
