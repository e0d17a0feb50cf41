import { z } from 'zod';
import { publicUser } from '@/lib/validation/users';

/** Deleting an account: the fan types their username to confirm (compared lowercase, as usernames are stored). */
export const deleteAccountBody = z.object({
  username: z
    .string({ error: 'Type your username to confirm.' })
    .trim()
    .toLowerCase()
    .min(1, 'Type your username to confirm.')
    .max(64, 'Type your username exactly to confirm.'),
});

/** The fans one has blocked and muted, newest first. */
export const restrictions = z.object({ blocked: z.array(publicUser), muted: z.array(publicUser) });

/** The viewer's own choices about one fan. */
export const relation = z.object({ blocking: z.boolean(), muting: z.boolean() });

const item = z.looseObject({});

/** GET /api/account/export: everything Takes keeps about the viewer (a download; other fans appear by id and username only). */
export const accountExport = z.object({
  exportedAt: z.string(),
  profile: z.looseObject({ _id: z.string(), username: z.string(), email: z.string().nullable(), createdAt: z.string().nullable() }),
  takes: z.array(item),
  hiddenTakes: z.array(item),
  comments: z.array(item),
  hiddenComments: z.array(item).describe('Comments and replies of the viewer that moderation hid, with when and why'),
  reactions: z.array(item),
  favoritesAndShares: z.array(item),
  following: z.array(item),
  followedTeamsAndPlayers: z.array(item).describe('The teams and players the viewer follows (docs/product.md#game-day)'),
  followers: z.array(item),
  receiptVotes: z.array(item),
  notifications: z.array(item),
  blocksAndMutes: z.array(item),
  mutes: z.array(item).describe('Muted words, players and teams: what, hide or collapse, and until when (null: until removed)'),
  spoilerShield: z.array(item).describe('Teams watched later, games not watched yet, and games marked watched'),
  saves: z.array(item).describe('The takes the viewer saved, and whether they asked to be told when each call settles'),
  calls: z.array(item).describe("The viewer's calls (docs/product.md#calls): what each says, when it locked, how it settled"),
  reports: z.array(item),
  commentReports: z.array(item),
});

export type Restrictions = z.output<typeof restrictions>;
export type Relation = z.output<typeof relation>;
