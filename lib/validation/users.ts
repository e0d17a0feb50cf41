import { z } from 'zod';
import { USERNAME_MESSAGE, USERNAME_PATTERN } from '@/lib/constants';
import { firebaseUid, nbaId, objectId } from '@/lib/validation/common';

export const username = z.string().trim().toLowerCase().regex(USERNAME_PATTERN, USERNAME_MESSAGE);

/** firebaseUID and email come from the verified token; anything else in the body is ignored. */
export const createUserBody = z.object({ username });

export const usernameParams = z.object({ username: z.string().max(64, 'is too long') });
export const firebaseUidParams = z.object({ firebaseUID: firebaseUid });
export const userIdParams = z.object({ userID: objectId });
export const userIdParamsLower = z.object({ userId: objectId });

/** Only pictures this app stored and serves: host-relative, see lib/data/people/avatars.ts. */
export const AVATAR_PATH = /^\/media\/avatars\/[a-f0-9]{24}$/;
export const profilePictureBody = z.object({
  profilePictureUrl: z.string().regex(AVATAR_PATH, 'must be a picture uploaded to this site'),
});

/** A fan's favourite team as the badge beside their name shows it; null without one, or when they turned it off. */
export const flair = z
  .object({ team: z.number(), name: z.string().describe('The team\'s short name, "Celtics"') })
  .nullable()
  .describe("The fan's team badge (docs/product.md#game-day)");

export const sessionUser = z.object({
  _id: z.string(),
  username: z.string(),
  profilePictureUrl: z.string().nullable(),
  firebaseUID: z.string(),
  followersCount: z.number(),
  followingCount: z.number(),
  favoriteTeam: z.number().nullable(),
  showFlair: z.boolean().describe("Whether the favourite team shows as a badge beside the fan's name"),
});

/** The viewer's own session data (GET /api/users/users/{uid}): whether they moderate is told to them alone. */
/** The viewer's own session data: with their roles (an administrator names moderators; a moderator works the queue). */
export const ownSessionUser = sessionUser.extend({ isAdmin: z.boolean(), isModerator: z.boolean() });

/** A team id, or null to have none; the server checks the team exists. */
export const favoriteTeamBody = z.object({
  team: z.union([nbaId, z.null()], { error: 'team must be a team id or null' }),
});

/** Turns the viewer's team badge on or off. */
export const flairBody = z.object({ show: z.boolean({ error: 'must be true or false' }) });

export const fullProfile = sessionUser.extend({
  flair,
  bio: z.string(),
  postsCount: z.number(),
  createdAt: z.string(),
  isFollowing: z.boolean(),
  blocking: z.boolean().describe('The signed-in viewer has blocked this fan'),
  muting: z.boolean().describe('The signed-in viewer has muted this fan'),
});

/** GET /api/users/profiles/{firebaseUID}: the account's username (404 while it has none). */
export const profileUsername = z.object({ username: z.string() });

export const usernameAvailability = z.object({ available: z.boolean() });

export const uploadedPicture = z.object({ profilePictureUrl: z.string() });

export const publicUser = z.object({ _id: z.string(), username: z.string(), profilePictureUrl: z.string().nullable(), flair });

export type PublicUser = z.output<typeof publicUser>;
export type SessionUser = z.output<typeof sessionUser>;
export type OwnSessionUser = z.output<typeof ownSessionUser>;
export type FullProfile = z.output<typeof fullProfile>;
export type Flair = z.output<typeof flair>;
