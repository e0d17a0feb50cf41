'use client';

import { useRef, useState } from 'react';
import { useAuth } from '@/components/auth/auth-provider';
import { Modal } from '@/components/modals/modal';
import { ApiError, apiFetch } from '@/lib/client/api';
import { takeToast } from './take-toast';
import styles from './take-modals.module.css';

type DeleteTakeModalProps = { open: boolean; onClose(): void; takeId: string; onDeleted(): void };

/** Confirms and deletes the signed-in author's take (spec §2, §8). */
export function DeleteTakeModal({ open, onClose, takeId, onDeleted }: DeleteTakeModalProps) {
  const { getToken } = useAuth();
  const [pending, setPending] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);

  const confirm = async () => {
    const token = await getToken();
    if (!token) {
      takeToast.error('User not authenticated.');
      return;
    }
    setPending(true);
    try {
      await apiFetch(`/api/takes/${takeId}`, { method: 'DELETE', token });
      takeToast.success('Post deleted.');
      onClose();
      onDeleted();
    } catch (error) {
      // An answer from the server is a refusal; no answer at all is the handler failing (spec §8).
      if (!(error instanceof ApiError) || error.status === 0) window.alert('Failed to delete. Please try again.');
      else takeToast.error(error.status === 429 ? error.message : 'Failed to delete post.');
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal open={open} onClose={onClose} title="Delete Take" initialFocusRef={cancelRef}>
      <p className={styles.text}>Are you sure you want to delete this take? Its comments and reactions go with it, and this can&apos;t be undone.</p>
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
