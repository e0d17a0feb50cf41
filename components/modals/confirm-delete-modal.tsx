'use client';

import { useRef, useState } from 'react';
import { Modal } from '@/components/modals/modal';
import styles from '@/components/take-card/take-modals.module.css';

type ConfirmDeleteModalProps = { open: boolean; onClose(): void; onConfirm(): Promise<void>; children: React.ReactNode; title?: string };

/** "Delete Take" (or `title`): the question, Cancel (focused, so Enter does no harm) and Delete, which reads Deleting... until done. */
export function ConfirmDeleteModal({ open, onClose, onConfirm, children, title = 'Delete Take' }: ConfirmDeleteModalProps) {
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
          {pending ? 'Deleting...' : 'Delete'}
        </button>
      </div>
    </Modal>
  );
}
