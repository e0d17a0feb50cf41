'use client';

import { useState } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { useRestrictOptions } from '@/components/shared/use-restrict-options';
import { ReportModal } from '@/components/take-card/report-take-modal';
import { reportComment } from '@/lib/client/comments';
import { TakeOptionsMenu } from '@/components/take-card/take-options-menu';
import type { CommentDTO } from '@/lib/validation/comments';
import { DeleteCommentModal } from './delete-comment-modal';
import styles from './comments.module.css';

type CommentOptionsProps = { comment: CommentDTO; onDeleted(placeholder: CommentDTO | null): void; onRestricted(): void };

/** The ⋯ menu of a comment or reply: Delete for its author and the moderators, Report, and Mute and Block for someone else's. */
export function CommentOptions({ comment, onDeleted, onRestricted }: CommentOptionsProps) {
  const { user } = useAuth();
  const restrictions = useRestrictOptions(comment.user, onRestricted);
  const [dialog, setDialog] = useState<'delete' | 'report' | null>(null);
  const mayDelete = Boolean(user && (user.isModerator || (comment.user._id && user._id === comment.user._id)));
  const noun = comment.parentComment ? 'Reply' : 'Comment';

  const options = [
    ...(mayDelete ? [{ label: `Delete ${noun}`, danger: true, onSelect: () => setDialog('delete') }] : []),
    { label: 'Report', onSelect: () => setDialog('report') },
    ...restrictions.options,
  ];

  return (
    <div className={styles.options}>
      <TakeOptionsMenu options={options} label={`${noun} options`} />
      {mayDelete && (
        <DeleteCommentModal open={dialog === 'delete'} onClose={() => setDialog(null)} comment={comment} onDeleted={onDeleted} />
      )}
      <ReportModal
        open={dialog === 'report'}
        onClose={() => setDialog(null)}
        title={`Report ${noun}`}
        question={`What is wrong with this ${noun.toLowerCase()}?`}
        send={(reason, token) => reportComment(comment._id, { reason }, token)}
      />
      {restrictions.dialog}
    </div>
  );
}
