import type { z } from 'zod';
import { apiFetch } from '@/lib/client/api';
import type { markReadBody, NotificationDTO, NotificationsPage } from '@/lib/validation/notifications';

/** One page of the signed-in fan's notifications, newest first. */
export function listNotifications(cursor: string | null, token: string | null): Promise<NotificationsPage> {
  const query = cursor ? `?${new URLSearchParams({ cursor })}` : '';
  return apiFetch(`/api/notifications${query}`, { token, answer: 'notificationsPage' });
}

/** One of the signed-in fan's notifications, whole: "show" on one their filters collapsed. */
export function getNotification(id: string, token: string | null): Promise<NotificationDTO> {
  return apiFetch(`/api/notifications/${encodeURIComponent(id)}`, { token, answer: 'notification' });
}

/** Marks the notifications named (or all of them) read; the answer is the bell's unread count after it. */
export async function markNotificationsRead(body: z.input<typeof markReadBody>, token: string | null): Promise<number> {
  return (await apiFetch('/api/notifications/read', { method: 'POST', body, token, answer: 'unreadAnswer' })).unread;
}
