'use client';

import { useAuth } from '@/components/shared/auth-provider';
import { ConfirmDeleteModal } from '@/components/modals/confirm-dialog';
import { ApiError } from '@/lib/client/api';
import { deleteTake } from '@/lib/client/takes';
import { actionToken, takeToast } from '@/components/shared/take-toast';

type DeleteTakeModalProps = { open: boolean; onClose(): void; takeId: string; onDeleted(): void };

/** Confirms and deletes the signed-in author's take (docs/product.md#screens, docs/product.md#messages). */
export function DeleteTakeModal({ open, onClose, takeId, onDeleted }: DeleteTakeModalProps) {
  const { getToken } = useAuth();

  const confirm = async () => {
    const token = await actionToken(getToken);
    if (!token) return;
    try {
      await deleteTake(takeId, token);
      takeToast.success('Post deleted.');
      onClose();
      onDeleted();
    } catch (error) {
      // An answer from the server is a refusal; no answer at all is the handler failing (docs/product.md#messages).
      if (!(error instanceof ApiError) || error.status === 0) window.alert('Failed to delete. Please try again.');
      else takeToast.error(error.status === 429 ? error.message : 'Failed to delete post.');
    }
  };

  return (
    <ConfirmDeleteModal open={open} onClose={onClose} onConfirm={confirm}>
      Are you sure you want to delete this take? Its comments and reactions go with it, and this can&apos;t be undone.
    </ConfirmDeleteModal>
  );
}
