'use client';

import { useRef, useState } from 'react';
import { Modal } from '@/components/modals/modal';
import styles from '@/components/take-card/take-modals.module.css';

type ConfirmDeleteModalProps = { open: boolean; title: string; onClose(): void; onConfirm(): Promise<void> };

/** A moderator deleting someone else's take confirms first: it cannot be undone. */
export function ConfirmDeleteModal({ open, title, onClose, onConfirm }: ConfirmDeleteModalProps) {
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
    <Modal open={open} onClose={onClose} title="Delete Take" initialFocusRef={cancelRef}>
      <p className={styles.text}>
        Delete &ldquo;{title}&rdquo; for everyone? Its comments, reactions and reports go with it, and this can&apos;t be undone.
      </p>
      <div className={styles.actions}>
        <button ref={cancelRef} type="button" className="button button-secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className={`button ${styles.danger}`} onClick={confirm} disabled={pending}>
          {pending ? 'Deleting...' : 'Delete'}
        </button>
      </div>
    </Modal>
  );
}
