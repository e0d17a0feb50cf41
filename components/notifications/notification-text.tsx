import { AUTO_HIDE_REPORTERS } from '@/lib/moderation/constants';
import { seasonLabel, type Board } from '@/lib/callers/callers';
import { VERDICT_LABELS } from '@/lib/receipts/receipts';
import type { NotificationDTO } from '@/lib/validation/notifications';
import styles from './notifications.module.css';

const GONE = 'a take that is no longer available';

/** A scored receipt's points as the board shows them: "+2.33 points", "−1 point", "no points". */
export function pointsText(points: number | null): string {
  if (!points) return 'no points';
  const size = Math.abs(points);
  const figure = size.toLocaleString('en-US', { maximumFractionDigits: 2 });
  return `${points > 0 ? '+' : '−'}${figure} point${size === 1 ? '' : 's'}`;
}

/** "the all-time Callers board", "the 2026–27 Callers board". */
export function boardText(board: string | null): string {
  if (!board || board === 'all') return 'the all-time Callers board';
  return `the ${seasonLabel(board as Board)} Callers board`;
}

/** What happened, in a sentence: the actor and the take's title stand out. */
export function NotificationText({ notification: n }: { notification: NotificationDTO }) {
  const who = <strong className={styles.actor}>{n.actor?.username ?? 'Someone'}</strong>;
  // A notification the reader's filters collapse names its take by an ellipsis: its title stays on the server until "show".
  const title = n.collapsed ? (
    <q className={styles.title} aria-label="folded take">
      …
    </q>
  ) : n.take ? (
    <q className={styles.title}>{n.take.title}</q>
  ) : (
    GONE
  );
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
    case 'scored':
      return (
        <>
          Your receipt {title} was scored: <strong className={styles.verdict}>{n.verdict ? VERDICT_LABELS[n.verdict] : 'a verdict'}</strong>
          , {pointsText(n.points)}
        </>
      );
    case 'top10':
      return <>You made the top 10 of {boardText(n.board)}</>;
    case 'settled':
      // "3 calls you weighed in on settled: Celtics @ Lakers"; collapsed while the reader's spoiler shield covers the game.
      return (
        <>
          {n.count ?? 1} call{(n.count ?? 1) === 1 ? '' : 's'} you weighed in on settled
          {n.game ? (
            <>
              : <strong className={styles.actor}>{n.game.matchup}</strong>
            </>
          ) : n.take && !n.collapsed && (n.count ?? 1) === 1 ? (
            <>: {title}</>
          ) : null}
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
