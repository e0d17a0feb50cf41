import { UNREAD_DISPLAY_MAX } from '@/lib/notifications/constants';

/** "Notifications (3 unread)": the bell's name carries the count, since its badge is only drawn. */
export function bellLabel(unread: number | null): string {
  if (!unread) return 'Notifications';
  if (unread > UNREAD_DISPLAY_MAX) return `Notifications (more than ${UNREAD_DISPLAY_MAX} unread)`;
  return `Notifications (${unread} unread)`;
}

/** What the badge shows: the count, capped at "9+"; nothing at zero. */
export function bellBadge(unread: number | null): string | null {
  if (!unread) return null;
  return unread > UNREAD_DISPLAY_MAX ? `${UNREAD_DISPLAY_MAX}+` : String(unread);
}
