import { AUTO_HIDE_REPORTERS } from '@/lib/constants';
import { VERDICT_LABELS } from '@/lib/receipts';
import type { NotificationDTO } from '@/lib/validation/notifications';
import styles from './notifications.module.css';

const GONE = 'a take that is no longer available';

/** What happened, in a sentence: the actor and the take's title stand out. */
export function NotificationText({ notification: n }: { notification: NotificationDTO }) {
  const who = <strong className={styles.actor}>{n.actor?.username ?? 'Someone'}</strong>;
  const title = n.take ? <q className={styles.title}>{n.take.title}</q> : GONE;
  switch (n.type) {
    case 'comment':
      return (
        <>
          {who} commented on your take {title}
        </>
      );
    case 'reply':
      return (
        <>
          {who} replied to your comment on {title}
        </>
      );
    case 'tag':
      return (
        <>
          {who} tagged you in a reply on {title}
        </>
      );
    case 'follow':
      return <>{who} started following you</>;
    case 'milestone':
      return (
        <>
          Your take {title} passed {n.milestone?.toLocaleString('en-US')} likes
        </>
      );
    case 'verdict':
      return (
        <>
          The receipts are in on {title}: <strong className={styles.verdict}>{n.verdict ? VERDICT_LABELS[n.verdict] : 'a verdict'}</strong>
        </>
      );
    case 'hidden':
      return n.reason === 'reports' ? (
        <>
          Your take {title} was hidden after reports from {AUTO_HIDE_REPORTERS} fans, until a moderator reviews it
        </>
      ) : (
        <>Moderators hid your take {title}</>
      );
  }
}
