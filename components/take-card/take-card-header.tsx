'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useAuth } from '@/components/auth/auth-provider';
import { useRestrictOptions } from '@/components/blocks/use-restrict-options';
import { Avatar } from '@/components/ui/avatar';
import { TimeAgo } from '@/components/ui/time-ago';
import type { TakeDTO } from '@/lib/data/mappers';
import { DeleteTakeModal } from './delete-take-modal';
import { ReportTakeModal } from './report-take-modal';
import { TakeOptionsMenu } from './take-options-menu';
import styles from './take-card.module.css';

type TakeCardHeaderProps = { take: TakeDTO; onDeleted(): void };

/**
 * Author, age and the options menu; Delete Post is offered to the author only
 * (spec §5), Mute and Block to other signed-in fans (the card then leaves, as
 * after a delete).
 */
export function TakeCardHeader({ take, onDeleted }: TakeCardHeaderProps) {
  const { user } = useAuth();
  const restrictions = useRestrictOptions(take.createdBy, onDeleted);
  const [dialog, setDialog] = useState<'delete' | 'report' | null>(null);
  const author = take.createdBy;
  const isAuthor = Boolean(user && author._id && user._id === author._id);
  const profileHref = author._id ? `/profile/${author._id}` : null;

  const options = [
    ...(isAuthor ? [{ label: 'Delete Post', danger: true, onSelect: () => setDialog('delete') }] : []),
    { label: 'Report', onSelect: () => setDialog('report') },
    ...restrictions.options,
  ];

  return (
    <header className={styles.header}>
      {profileHref ? (
        <Link href={profileHref} className={styles.author}>
          <Avatar url={author.profilePictureUrl} size={36} />
          <span className={styles.username}>{author.username}</span>
        </Link>
      ) : (
        <span className={styles.author}>
          <Avatar url={null} size={36} />
          <span className={styles.username}>{author.username}</span>
        </span>
      )}
      <span className={styles.dot} aria-hidden="true">
        ·
      </span>
      <TimeAgo date={take.createdAt} className={styles.time} />
      <div className={styles.headerEnd}>
        <TakeOptionsMenu options={options} />
      </div>
      {isAuthor && <DeleteTakeModal open={dialog === 'delete'} onClose={() => setDialog(null)} takeId={take._id} onDeleted={onDeleted} />}
      <ReportTakeModal open={dialog === 'report'} onClose={() => setDialog(null)} takeId={take._id} />
      {restrictions.dialog}
    </header>
  );
}
