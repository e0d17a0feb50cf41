import type { Metadata } from 'next';
import { NotificationsScreen } from '@/components/notifications/notifications-screen';

// One reader's own page: nothing here for a search engine.
export const metadata: Metadata = { title: 'Notifications', robots: { index: false, follow: false } };

/** /notifications: the signed-in user's notifications, read in the browser with their token. */
export default function NotificationsPage() {
  return (
    <main className="page">
      <NotificationsScreen />
    </main>
  );
}
