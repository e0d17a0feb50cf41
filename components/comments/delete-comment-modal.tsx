'use client';

import { useAuth } from '@/components/shared/auth-provider';
import { ConfirmDeleteModal } from '@/components/modals/confirm-dialog';
import { actionToken, takeToast } from '@/components/shared/take-toast';
import { ApiError } from '@/lib/client/api';
import { deleteComment } from '@/lib/client/comments';
import type { CommentDTO } from '@/lib/validation/comments';

type DeleteCommentModalProps = {
  open: boolean;
  onClose(): void;
  comment: CommentDTO;
  /** What the server left: the "[deleted]" placeholder of a comment with replies, or null when it is gone. */
  onDeleted(placeholder: CommentDTO | null): void;
};

/** Confirms and deletes a comment or reply (its author's, or any for a moderator), with the take actions' toasts. */
export function DeleteCommentModal({ open, onClose, comment, onDeleted }: DeleteCommentModalProps) {
  const { getToken } = useAuth();
  const noun = comment.parentComment ? 'reply' : 'comment';

  const confirm = async () => {
    const token = await actionToken(getToken);
    if (!token) return;
    try {
      const placeholder = await deleteComment(comment._id, token);
      takeToast.success(noun === 'reply' ? 'Reply deleted.' : 'Comment deleted.');
      onClose();
      onDeleted(placeholder);
    } catch (error) {
      // Already gone (deleted in another tab): it leaves the list all the same.
      if (error instanceof ApiError && error.status === 404) {
        onClose();
        onDeleted(null);
        return;
      }
      takeToast.error(error instanceof ApiError && error.status === 429 ? error.message : `Failed to delete ${noun}.`);
    }
  };

  return (
    <ConfirmDeleteModal open={open} onClose={onClose} onConfirm={confirm} title={noun === 'reply' ? 'Delete Reply' : 'Delete Comment'}>
      {noun === 'reply'
        ? 'Are you sure you want to delete this reply? Its reactions go with it, and this can’t be undone.'
        : comment.repliesCount > 0
          ? 'Are you sure you want to delete this comment? Its replies stay, under “[deleted]”, and this can’t be undone.'
          : 'Are you sure you want to delete this comment? Its reactions go with it, and this can’t be undone.'}
    </ConfirmDeleteModal>
  );
}
