import { publicEnv } from '@/lib/public-env';

/** What a take is about (docs/product.md#content): a player, a team or a special topic. */
export type EntityType = 'player' | 'team' | 'special';

/**
 * A take's focus: one of the entities, or a game (docs/product.md#game-day), which has no picture of its own and
 * counts for both of its teams.
 */
export type FocusType = EntityType | 'game';

/** One string per focus, so entity pages and trending share an index. */
export function entityKey(type: FocusType, id: number | string): string {
  return `${type}:${id}`;
}

/**
 * Every entity page, stat and follow a take counts for (stored as `entityKeys`): its focus; for a take on a game the
 * game's two teams as well; for a take on a player the team he was on when it was posted (`playerTeam`, its fanTeam),
 * which keeps it for good whatever trades come after (docs/product.md#league). A take stored before games
 * existed has its focus alone.
 */
export function countedKeys(focus: string, matchup?: { away: number; home: number } | null, playerTeam?: number | null): string[] {
  if (matchup) return [focus, entityKey('team', matchup.away), entityKey('team', matchup.home)];
  return playerTeam == null ? [focus] : [focus, entityKey('team', playerTeam)];
}

/** A key's type and id: "player:2544" is a player's 2544, "special:mvp-race" a topic's slug. */
export function splitKey(key: string): [FocusType, number | string] {
  const at = key.indexOf(':');
  const type = key.slice(0, at) as FocusType;
  const id = key.slice(at + 1);
  return [type, type === 'special' ? id : Number(id)];
}

/**
 * The entity whose picture stands for a focus where one picture is drawn (share and preview images, a link's
 * entityImage): the focus itself, or for a game, which has no picture of its own, its home team.
 */
export function pictureOf<T extends { type: FocusType; id: number | string; name: string }>(
  focus: T,
  matchup: { home: number } | null,
): Omit<T, 'type'> & { type: EntityType } {
  if (focus.type !== 'game') return { ...focus, type: focus.type };
  return { ...focus, type: 'team', id: matchup?.home ?? '' };
}

/** Entity image paths in the storage layout of docs/product.md#content. */
export function entityImagePath(type: EntityType, id: number | string): string {
  if (type === 'player') return `current-players/${id}.png`;
  if (type === 'team') return `teams/${id}.svg`;
  return `special-topics/${id}.png`;
}

export function entityImageUrl(type: EntityType, id: number | string): string {
  return `${publicEnv().storageBaseUrl.replace(/\/$/, '')}/${entityImagePath(type, id)}`;
}

/** The in-app page for a focus; teams use the /teams/nba/{id} shape (docs/product.md#screens), games their thread. */
export function entityHref(type: FocusType, id: number | string): string {
  if (type === 'player') return `/players/${id}`;
  if (type === 'team') return `/teams/nba/${id}`;
  if (type === 'game') return `/games/${id}`;
  return `/topics/${id}`;
}
