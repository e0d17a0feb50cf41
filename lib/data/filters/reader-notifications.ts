import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { NOTIFICATIONS_PAGE_SIZE } from '@/lib/notifications/constants';
import { listNotifications } from '@/lib/data/notifications/notifications';
import { fillPage, shieldOver } from '@/lib/data/filters/lists';
import { SUBJECT_FIELDS, type Reader, type StoredSubject } from '@/lib/data/filters/reader';
import { matchText, stronger, type Judgement } from '@/lib/filters/fan-filters';
import { cursorParam, encodeCursor, type Cursor } from '@/lib/validation/cursor';
import type { NotificationDTO, NotificationsPage } from '@/lib/validation/notifications';
import { Take } from '@/models';

type Named = { notification: NotificationDTO; take: StoredSubject | null };

/** The takes a page of notifications names, with what the filters judge them by; one query by id. */
async function subjectsOf(page: NotificationDTO[]): Promise<Map<string, StoredSubject>> {
  const ids = [...new Set(page.flatMap((n) => (n.take ? [n.take._id] : [])))];
  if (ids.length === 0) return new Map();
  const rows = await Take.find({ _id: mongoose.trusted({ $in: ids }) })
    .select(SUBJECT_FIELDS)
    .lean<StoredSubject[]>();
  return new Map(rows.map((row) => [String(row._id), row]));
}

/**
 * What the reader's filters make of a notification: its take (its title, its subject, the spoiler shield) and the
 * comment it quotes (muted words; the shield, since it was written at the notification's time).
 */
function judgementOn(reader: Reader, { notification: n, take }: Named): Judgement {
  // Calls settled on a game the reader has not watched yet: the notice is the result.
  const shield = n.type === 'settled' && n.game ? shieldOver(reader, n.game.id) : undefined;
  if (shield) return { reason: 'spoiler', label: shield.label, game: shield.game };
  const onTake = take ? reader.take(take) : 'show';
  const onComment = n.comment
    ? reader.comment({ author: n.actor?._id ?? null, createdAt: new Date(n.createdAt), text: matchText(n.comment.text) }, take)
    : 'show';
  return stronger(onTake, onComment);
}

function shown(reader: Reader, named: Named): NotificationDTO | null {
  const judgement = judgementOn(reader, named);
  if (judgement === 'hide') return null;
  const n = named.notification;
  // Collapsed: what it says about the take and the comment stays on the server; the line keeps who, what kind and when.
  return judgement === 'show'
    ? n
    : { ...n, take: n.take && { _id: n.take._id, title: '' }, comment: null, game: null, collapsed: judgement };
}

/**
 * A page of the reader's notifications as their filters show it, filled past those it leaves out (the cursor stays
 * right after the last one shown). Each page read costs one more query, for the takes it names, when the reader has
 * any filter that could touch them.
 */
export async function notificationsFor(reader: Reader, user: Types.ObjectId, cursor: Cursor | undefined): Promise<NotificationsPage> {
  if (!reader.active) return listNotifications(user, { cursor });
  const { items, next } = await fillPage<Named, NotificationDTO, Cursor>(
    NOTIFICATIONS_PAGE_SIZE,
    cursor,
    async (from, limit) => {
      const page = await listNotifications(user, { cursor: from, limit });
      const takes = await subjectsOf(page.notifications);
      return {
        items: page.notifications.map((notification) => ({
          notification,
          take: notification.take ? (takes.get(notification.take._id) ?? null) : null,
        })),
        next: page.nextCursor === null ? null : (cursorParam.parse(page.nextCursor) ?? null),
      };
    },
    (named) => shown(reader, named),
  );
  return { notifications: items, nextCursor: next && encodeCursor(next.value, next.id) };
}
