'use client';

import { useRef, useState } from 'react';
import { Modal } from '@/components/modals/modal';
import styles from '@/components/shared/take-modals.module.css';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  onClose(): void;
  onConfirm(): Promise<void>;
  children: React.ReactNode;
  /** The button that does it ("Delete"), and what it reads until done ("Deleting..."). */
  action: string;
  pending: string;
};

/** A question before something that cannot be taken back: Cancel (focused, so Enter does no harm) and the action, which reads `pending` until done. */
export function ConfirmDialog({ open, title, onClose, onConfirm, children, action, pending: pendingLabel }: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal open={open} onClose={onClose} title={title} initialFocusRef={cancelRef}>
      <p className={styles.text}>{children}</p>
      <div className={styles.actions}>
        <button ref={cancelRef} type="button" className="button button-secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className={`button ${styles.danger}`} onClick={confirm} disabled={pending}>
          {pending ? pendingLabel : action}
        </button>
      </div>
    </Modal>
  );
}

type ConfirmDeleteModalProps = { open: boolean; onClose(): void; onConfirm(): Promise<void>; children: React.ReactNode; title?: string };

/** "Delete Take" (or `title`): the question, Cancel and Delete. */
export function ConfirmDeleteModal({ title = 'Delete Take', ...props }: ConfirmDeleteModalProps) {
  return <ConfirmDialog {...props} title={title} action="Delete" pending="Deleting..." />;
}
