import { z } from 'zod';
import { take } from '@/lib/validation/takes';
import { publicUser } from '@/lib/validation/users';

export const moderationActionBody = z.object({
  action: z.enum(['dismiss', 'hide', 'restore', 'delete'], { error: 'action must be dismiss, hide, restore or delete' }),
});

const hideReason = z.enum(['reports', 'moderators']);

/** Why a take is hidden, shown to its author and the admins on the take. */
export const moderationNotice = z.object({
  reason: hideReason.describe('reports: hidden automatically after 5 distinct reporters; moderators: hidden by an admin'),
  hiddenAt: z.string(),
  reports: z.number().describe('Open reports'),
});

/** GET /api/takes/{id}: a hidden take (for its author and admins) carries its notice. */
export const takeForViewer = take.extend({ moderation: moderationNotice.optional() });

/** A Callers verdict most of whose counted voters follow the take's author (lib/data/callers/caller-review.ts). */
export const followerSwayedCall = z.object({
  takeId: z.string(),
  title: z.string(),
  author: publicUser,
  verdict: z.enum(['well', 'poorly']),
  votes: z.number().describe('Votes that counted'),
  followerVotes: z.number().describe('Of those, votes by fans who follow the author'),
  scoredAt: z.string(),
});

export const moderationQueue = z.object({
  items: z.array(
    z.object({
      take,
      hidden: z.object({ reason: hideReason, hiddenAt: z.string() }).nullable(),
      reportCount: z.number(),
      oldestReportAt: z.string(),
      reports: z.array(z.object({ _id: z.string(), reason: z.string(), createdAt: z.string(), reporter: publicUser })),
    }),
  ),
  openTakes: z.number().describe('Takes with open reports in all'),
  comments: z.array(
    z.object({
      comment: z.object({ _id: z.string(), text: z.string(), createdAt: z.string(), user: publicUser, reply: z.boolean() }),
      take: z.object({ _id: z.string(), title: z.string() }).nullable().describe('null when the take is hidden'),
      hidden: z.object({ reason: hideReason, hiddenAt: z.string() }).nullable(),
      reportCount: z.number(),
      oldestReportAt: z.string(),
      reports: z.array(z.object({ _id: z.string(), reason: z.string(), createdAt: z.string(), reporter: publicUser })),
    }),
  ),
  openComments: z.number().describe('Comments with open reports in all'),
  recent: z.array(
    z.object({
      _id: z.string(),
      action: z.enum(['dismiss', 'hide', 'restore', 'delete', 'auto-hide']),
      takeId: z.string(),
      commentId: z.string().nullable().describe('Set when the action was on a comment; title is then the start of its text'),
      title: z.string(),
      author: publicUser,
      by: publicUser.nullable().describe('null for the automatic hide'),
      reports: z.number(),
      createdAt: z.string(),
    }),
  ),
  followerSwayedCalls: z.array(followerSwayedCall).describe('Callers verdicts where most counted voters follow the author, latest first'),
});

export type ModerationNotice = z.output<typeof moderationNotice>;
export type TakeForViewer = z.output<typeof takeForViewer>;
export type ModerationQueue = z.output<typeof moderationQueue>;
export type QueueItem = ModerationQueue['items'][number];
export type CommentQueueItem = ModerationQueue['comments'][number];
export type LogEntry = ModerationQueue['recent'][number];
export type FollowerSwayedCall = z.output<typeof followerSwayedCall>;

/** POST /api/moderation/moderators: an administrator names a fan a moderator, by username. */
export const addModeratorBody = z.object({
  username: z
    .string({ error: 'username is required' })
    .trim()
    .min(1, 'username is required')
    .max(32, 'username is too long')
    .transform((name) => name.replace(/^@/, '').toLowerCase()),
});

const moderatorChange = z.object({
  user: publicUser,
  change: z.enum(['added', 'removed']),
  by: z.string().describe("The administrator's Firebase uid"),
  at: z.string(),
});

/** GET /api/moderation/moderators: the moderators administrators named, and the latest changes, who made them and when. */
export const moderatorsAnswer = z.object({
  moderators: z.array(z.object({ user: publicUser, addedBy: z.string(), addedAt: z.string() })),
  changes: z.array(moderatorChange).describe('Newest first, at most 20'),
});
export type ModeratorsAnswer = z.output<typeof moderatorsAnswer>;
