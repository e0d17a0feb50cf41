'use client';

import { useRef, useState } from 'react';
import { Modal } from '@/components/modals/modal';
import styles from '@/components/take-card/take-modals.module.css';

type BlockDialogProps = { open: boolean; username: string; onClose(): void; onConfirm(): Promise<void> };

/** "Block fan": what a block does, then Cancel (focused, so Enter does no harm) and Block. */
export function BlockDialog({ open, username, onClose, onConfirm }: BlockDialogProps) {
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
    <Modal open={open} onClose={onClose} title={`Block ${username}?`} initialFocusRef={cancelRef}>
      <p className={styles.text}>
        You won&apos;t see each other&apos;s takes, comments or notifications, any follow between you ends, and {username} can&apos;t follow you,
        reply to you, tag you or react to what you post. They aren&apos;t told. You can unblock them from your account page.
      </p>
      <div className={styles.actions}>
        <button ref={cancelRef} type="button" className="button button-secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className={`button ${styles.danger}`} onClick={confirm} disabled={pending}>
          {pending ? 'Blocking...' : 'Block'}
        </button>
      </div>
    </Modal>
  );
}
