'use client';

import { ConfirmDeleteModal as ConfirmDelete } from '@/components/modals/confirm-dialog';

type ConfirmDeleteModalProps = { open: boolean; title: string; onClose(): void; onConfirm(): Promise<void> };

/** A moderator deleting someone else's take confirms first: it cannot be undone. */
export function ConfirmDeleteModal({ open, title, onClose, onConfirm }: ConfirmDeleteModalProps) {
  return (
    <ConfirmDelete open={open} onClose={onClose} onConfirm={onConfirm}>
      Delete &ldquo;{title}&rdquo; for everyone? Its comments, reactions and reports go with it, and this can&apos;t be undone.
    </ConfirmDelete>
  );
}
