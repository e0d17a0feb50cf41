'use client';

import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { EyeOffIcon } from '@/components/ui/icons/eye-off';
import { AUTO_HIDE_REPORTERS } from '@/lib/moderation/constants';
import type { ModerationNotice as Notice } from '@/lib/validation/moderation';
import { useModerate } from './use-moderate';
import styles from './moderation.module.css';
import { Button } from '@/components/ui/button';

// An admin's confirmation dialog: loaded when Delete is first pressed.
const ConfirmDeleteModal = dynamic(() => import('./confirm-delete-modal').then((m) => m.ConfirmDeleteModal));

type ModerationNoticeProps = { takeId: string; title: string; authorId: string; notice: Notice };

/**
 * "Hidden by moderators", on a hidden take as its author and the admins see it:
 * why, and who else can see it. Admins can restore or delete it from here.
 */
export function ModerationNotice({ takeId, title, authorId, notice }: ModerationNoticeProps) {
  const { user } = useAuth();
  const router = useRouter();
  const moderate = useModerate();
  const [busy, setBusy] = useState(false);
  // null until Delete is first pressed; then whether the confirmation is open.
  const [confirming, setConfirming] = useState<boolean | null>(null);
  const own = user?._id === authorId;
  const who = own ? 'you' : 'its author';
  const why =
    notice.reason === 'reports'
      ? `${AUTO_HIDE_REPORTERS} fans reported this take, so it is hidden automatically until a moderator reviews it.`
      : 'A moderator hid this take after reviewing it.';

  const act = async (action: 'restore' | 'delete') => {
    setBusy(true);
    const done = await moderate(takeId, action);
    setBusy(false);
    if (!done) return;
    if (action === 'delete') router.replace('/moderation');
    else router.refresh();
  };

  return (
    <div className={styles.notice} role="note" aria-labelledby={`hidden-${takeId}`}>
      <span className={styles.noticeIcon} aria-hidden="true">
        <EyeOffIcon size={20} />
      </span>
      <div className={styles.noticeBody}>
        <p id={`hidden-${takeId}`} className={styles.noticeTitle}>
          Hidden by moderators
        </p>
        <p className={styles.noticeText}>
          {why} Only {who} and the moderators can see it.
        </p>
        {user?.isModerator && (
          <div className={styles.noticeActions}>
            <Button type="button" variant="primary" onClick={() => void act('restore')} disabled={busy}>
              Restore
            </Button>
            <Button type="button" variant="secondary" onClick={() => setConfirming(true)} disabled={busy}>
              Delete
            </Button>
            {confirming !== null && (
              <ConfirmDeleteModal open={confirming} title={title} onClose={() => setConfirming(false)} onConfirm={() => act('delete')} />
            )}
          </div>
        )}
      </div>
    </div>
  );
}
