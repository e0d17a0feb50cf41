'use client';

import Link from 'next/link';
import { BellIcon } from '@/components/ui/icons/bell';
import { bellBadge, bellLabel } from './bell-label';
import { useUnread } from '@/components/shared/unread-context';
import styles from './notification-bell.module.css';

/** The header's bell: to /notifications, with the unread count on it. */
export function NotificationBell({ className }: { className?: string }) {
  const { unread } = useUnread();
  const badge = bellBadge(unread);
  return (
    <Link href="/notifications" className={[className, styles.bell].filter(Boolean).join(' ')} aria-label={bellLabel(unread)}>
      <BellIcon size={22} />
      {badge && (
        <span className={styles.badge} aria-hidden="true">
          {badge}
        </span>
      )}
    </Link>
  );
}
