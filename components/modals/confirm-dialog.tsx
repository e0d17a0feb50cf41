'use client';

import { useRef, useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import styles from '@/components/ui/dialog-body.module.css';
import { Button } from '@/components/ui/button';

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
    <Dialog open={open} onClose={onClose} title={title} initialFocusRef={cancelRef}>
      <p className={styles.text}>{children}</p>
      <div className={styles.actions}>
        <Button ref={cancelRef} type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="button" variant="danger" onClick={confirm} disabled={pending}>
          {pending ? pendingLabel : action}
        </Button>
      </div>
    </Dialog>
  );
}

type ConfirmDeleteModalProps = { open: boolean; onClose(): void; onConfirm(): Promise<void>; children: React.ReactNode; title?: string };

/** "Delete Take" (or `title`): the question, Cancel and Delete. */
export function ConfirmDeleteModal({ title = 'Delete Take', ...props }: ConfirmDeleteModalProps) {
  return <ConfirmDialog {...props} title={title} action="Delete" pending="Deleting..." />;
}
