'use client';

import Link from 'next/link';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { SignInLinks } from '@/components/auth/sign-in-links';
import { useAuthPrompt } from '@/components/modals/auth-prompt';
import { takeToast, errorMessage } from '@/components/shared/take-toast';
import { Avatar } from '@/components/ui/avatar';
import { CollapsedNotice } from '@/components/ui/collapsed-notice';
import { BellIcon } from '@/components/ui/icons/bell';
import { EyeOffIcon } from '@/components/ui/icons/eye-off';
import { ReceiptIcon } from '@/components/ui/icons/receipt';
import { TrophyIcon } from '@/components/ui/icons/trophy';
import { TimeAgo } from '@/components/ui/time-ago';
import { getNotification, listNotifications, markNotificationsRead } from '@/lib/client/notifications';
import type { NotificationDTO } from '@/lib/validation/notifications';
import { NotificationText } from './notification-text';
import { useUnread } from '@/components/shared/unread-context';
import { ListFooter } from '@/components/ui/list-footer';
import styles from './notifications.module.css';
import { Button } from '@/components/ui/button';

const ICONS = { milestone: TrophyIcon, verdict: ReceiptIcon, scored: ReceiptIcon, top10: TrophyIcon, hidden: EyeOffIcon } as const;

function Picture({ notification: n }: { notification: NotificationDTO }) {
  if (n.actor) return <Avatar url={n.actor.profilePictureUrl} size={40} />;
  const Icon = n.type in ICONS ? ICONS[n.type as keyof typeof ICONS] : BellIcon;
  return (
    <span className={`${styles.badgeIcon} ${styles[n.type] ?? ''}`}>
      <Icon size={20} />
    </span>
  );
}

/**
 * A notification the reader's filters collapse (docs/product.md#filters): who and what kind, its reason and "show",
 * which reads it whole; not a link meanwhile, so the take is not opened by accident.
 */
function CollapsedItem({ notification: n, fresh }: { notification: NotificationDTO & { collapsed: object }; fresh: boolean }) {
  const { getToken } = useAuth();
  const [revealed, setRevealed] = useState<NotificationDTO | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (revealed) return <Item notification={revealed} fresh={fresh} />;

  const show = async () => {
    setBusy(true);
    setFailed(false);
    try {
      setRevealed(await getNotification(n._id, await getToken()));
    } catch (error) {
      console.error('Could not show the notification', error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className={styles.item} data-fresh={fresh || undefined}>
      <div className={styles.row}>
        <Picture notification={n} />
        <span className={styles.body}>
          <span className={styles.text}>
            <NotificationText notification={n} />
          </span>
          <CollapsedNotice label={n.collapsed.label} what="notification" onShow={() => void show()} busy={busy} failed={failed} />
          <TimeAgo date={n.createdAt} className={styles.time} />
        </span>
      </div>
    </li>
  );
}

function Item({ notification: n, fresh }: { notification: NotificationDTO; fresh: boolean }) {
  if (n.collapsed) return <CollapsedItem notification={{ ...n, collapsed: n.collapsed }} fresh={fresh} />;
  const body = (
    <>
      <Picture notification={n} />
      <span className={styles.body}>
        <span className={styles.text}>
          <NotificationText notification={n} />
        </span>
        {n.comment && <span className={styles.excerpt}>{n.comment.text}</span>}
        <TimeAgo date={n.createdAt} className={styles.time} />
      </span>
      {fresh && (
        <span className={styles.dot}>
          <span className="visually-hidden">New</span>
        </span>
      )}
    </>
  );
  return (
    <li className={styles.item} data-fresh={fresh || undefined}>
      {n.href ? (
        <Link href={n.href} className={styles.row}>
          {body}
        </Link>
      ) : (
        <div className={styles.row}>{body}</div>
      )}
    </li>
  );
}

/**
 * /notifications: newest first, 20 at a time. What was unread when it arrived
 * is marked read on the server as soon as it is shown (so the bell clears) and
 * stays highlighted for this visit; Mark all read also reaches the ones on
 * pages not loaded yet.
 */
export function NotificationsScreen() {
  const { status, getToken } = useAuth();
  const { openAuthPrompt } = useAuthPrompt();
  const { unread, setUnread } = useUnread();
  const [items, setItems] = useState<NotificationDTO[] | null>(null);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [marking, setMarking] = useState(false);
  const started = useRef(false);

  const load = useCallback(
    async (after: string | null) => {
      setLoading(true);
      setFailed(false);
      try {
        const token = await getToken();
        const page = await listNotifications(after, token);
        const unseen = page.notifications.filter((n) => !n.read).map((n) => n._id);
        setItems((current) => [...(after ? (current ?? []) : []), ...page.notifications]);
        setCursor(page.nextCursor);
        if (unseen.length > 0) {
          setFresh((current) => new Set([...current, ...unseen]));
          setUnread(await markNotificationsRead({ ids: unseen }, token));
        }
      } catch (error) {
        console.error('Could not load notifications', error);
        setFailed(true);
      } finally {
        setLoading(false);
      }
    },
    [getToken, setUnread],
  );

  useEffect(() => {
    if (status === 'signed-out') openAuthPrompt('default');
    if (status !== 'signed-in' || started.current) return;
    started.current = true;
    void load(null);
  }, [status, load, openAuthPrompt]);

  const markAll = async () => {
    setMarking(true);
    try {
      setUnread(await markNotificationsRead({ all: true }, await getToken()));
      setFresh(new Set());
    } catch (error) {
      takeToast.error(errorMessage(error, 'Could not mark your notifications read.'));
    } finally {
      setMarking(false);
    }
  };

  if (status === 'signed-out') {
    return (
      <section className={styles.signedOut} aria-labelledby="notifications-title">
        <span className={styles.heroIcon} aria-hidden="true">
          <BellIcon size={28} />
        </span>
        <h1 id="notifications-title" className={styles.heading}>
          Notifications
        </h1>
        <p className={styles.lead}>Sign in to hear when fans comment on your takes, reply to you or follow you.</p>
        <SignInLinks />
      </section>
    );
  }

  const anythingUnread = (unread ?? 0) > 0 || fresh.size > 0;
  return (
    <section aria-labelledby="notifications-title">
      <header className={styles.header}>
        <h1 id="notifications-title" className={styles.heading}>
          Notifications
        </h1>
        {items && items.length > 0 && (
          <Button type="button" variant="secondary" onClick={markAll} disabled={marking || !anythingUnread}>
            {marking ? 'Marking...' : 'Mark all read'}
          </Button>
        )}
      </header>
      {items === null ? (
        failed ? null : (
          <p className={styles.status}>Loading...</p>
        )
      ) : items.length === 0 ? (
        <p className={styles.empty}>Nothing yet. When fans comment on your takes, reply to you, tag you or follow you, it shows up here.</p>
      ) : (
        <ul className={styles.list} aria-label="Notifications">
          {items.map((n) => (
            <Item key={n._id} notification={n} fresh={fresh.has(n._id)} />
          ))}
        </ul>
      )}
      <ListFooter
        error={failed ? 'Could not load your notifications.' : null}
        action={
          cursor || failed
            ? { label: failed ? 'Try again' : 'Load More', busy: loading, onClick: () => void load(failed && !items ? null : cursor) }
            : undefined
        }
      />
    </section>
  );
}
