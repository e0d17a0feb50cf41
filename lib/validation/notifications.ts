import { z } from 'zod';
import { NOTIFICATIONS_PAGE_SIZE } from '@/lib/notifications/constants';
import { objectId } from '@/lib/validation/common';
import { cursorParam, nextCursor } from '@/lib/validation/cursor';
import { collapsed } from '@/lib/validation/filters';
import { publicUser } from '@/lib/validation/users';

export const notificationsQuery = z.object({ cursor: cursorParam });

/** Mark the listed notifications read (those shown), or all of them. */
export const markReadBody = z.union(
  [
    z.object({
      ids: z
        .array(objectId)
        .min(1, 'ids must name at least one notification')
        .max(NOTIFICATIONS_PAGE_SIZE * 5, 'ids can name at most 100 notifications'),
    }),
    z.object({ all: z.literal(true) }),
  ],
  { error: 'Send { "ids": [...] } or { "all": true }.' },
);

export const notification = z.object({
  _id: z.string(),
  type: z.enum(['comment', 'reply', 'tag', 'follow', 'milestone', 'verdict', 'hidden', 'scored', 'top10', 'settled']),
  read: z.boolean(),
  createdAt: z.string(),
  actor: publicUser.nullable(),
  take: z
    .object({ _id: z.string(), title: z.string().describe('Empty while the notification is collapsed') })
    .nullable()
    .describe('null when the take is gone or hidden from the reader'),
  comment: z.object({ _id: z.string(), text: z.string() }).nullable().describe('null also while the notification is collapsed'),
  collapsed: collapsed.nullable().describe("Collapsed by the reader's own filters; GET /api/notifications/{id} reads it whole"),
  milestone: z.number().nullable(),
  verdict: z.enum(['well', 'poorly', 'close']).nullable(),
  reason: z.enum(['reports', 'moderators']).nullable(),
  points: z.number().nullable().describe("A scored receipt's Callers points"),
  board: z.string().nullable().describe("The Callers board whose top 10 the fan entered: 'all' or a season such as '2026-27'"),
  game: z
    .object({ id: z.number(), matchup: z.string().describe('"Celtics @ Lakers"') })
    .nullable()
    .describe('Settled calls: the game they were on (null for season calls, and while the notification is collapsed)'),
  count: z.number().nullable().describe('Settled calls: how many of them the fan weighed in on ("3 calls you weighed in on settled")'),
  href: z.string().nullable(),
});

export const notificationsPage = z.object({ notifications: z.array(notification), nextCursor });

export const unreadAnswer = z.object({ unread: z.number().describe('Unread notifications, counted up to 10 (the bell shows 9+)') });

export type NotificationDTO = z.output<typeof notification>;
export type NotificationsPage = z.output<typeof notificationsPage>;
