'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { useRestrictOptions } from '@/components/shared/use-restrict-options';
import { reportComment } from '@/lib/client/comments';
import { TakeOptionsMenu } from '@/components/take-card/take-options-menu';
import type { CommentDTO } from '@/lib/validation/comments';
import styles from './comments.module.css';

// Dialogs open on a tap, as a take's do (components/take-card/take-options.tsx): their code loads then, not with the
// take page, whose comments come with its first load.
const DeleteCommentModal = dynamic(() => import('./delete-comment-modal').then((m) => m.DeleteCommentModal));
const ReportModal = dynamic(() => import('@/components/take-card/report-take-modal').then((m) => m.ReportModal));

export type CommentOptionsProps = { comment: CommentDTO; onDeleted(placeholder: CommentDTO | null): void; onRestricted(): void };

/** The ⋯ menu of a comment or reply: Delete for its author and the moderators, Report, and Mute and Block for someone else's. */
export function CommentOptions({ comment, onDeleted, onRestricted, initiallyOpen }: CommentOptionsProps & { initiallyOpen?: boolean }) {
  const { user } = useAuth();
  const restrictions = useRestrictOptions(comment.user, onRestricted);
  // A dialog stays mounted once opened, for its closing transition.
  const [dialog, setDialog] = useState<{ kind: 'delete' | 'report'; open: boolean } | null>(null);
  const close = () => setDialog((d) => d && { ...d, open: false });
  const mayDelete = Boolean(user && (user.isModerator || (comment.user._id && user._id === comment.user._id)));
  const noun = comment.parentComment ? 'Reply' : 'Comment';

  const options = [
    ...(mayDelete ? [{ label: `Delete ${noun}`, danger: true, onSelect: () => setDialog({ kind: 'delete', open: true }) }] : []),
    { label: 'Report', onSelect: () => setDialog({ kind: 'report', open: true }) },
    ...restrictions.options,
  ];

  return (
    <div className={styles.options}>
      <TakeOptionsMenu options={options} label={`${noun} options`} initiallyOpen={initiallyOpen} />
      {dialog?.kind === 'delete' && mayDelete && (
        <DeleteCommentModal open={dialog.open} onClose={close} comment={comment} onDeleted={onDeleted} />
      )}
      {dialog?.kind === 'report' && (
        <ReportModal
          open={dialog.open}
          onClose={close}
          title={`Report ${noun}`}
          question={`What is wrong with this ${noun.toLowerCase()}?`}
          send={(reason, token) => reportComment(comment._id, { reason }, token)}
        />
      )}
      {restrictions.dialog}
    </div>
  );
}
