/**
 * What an image draws for an entity, shared by the code that fetches the art
 * (entity-art.ts, render.tsx) and the components that draw it (cards.tsx,
 * entity-tile.tsx, share-image.tsx), so neither side imports the other.
 */

/** The placeholder badge: initials on the team's colours. */
export type BadgeArt = { text: string; background: string; accent: string };

/** Its picture from the storage host when it could be had, else the badge. */
export type EntityArt = {
  badge: BadgeArt;
  /** A PNG data URL, square, transparent around the picture. */
  image: string | null;
  /** The tile behind the picture: light for team logos (drawn for white), the team colour behind a player. */
  tile: string;
  /** Changes with the picture, for the ETag of the image that draws it. */
  key: string;
};
