'use client';

import { useId, useRef, useState, type FormEvent } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { Dialog } from '@/components/ui/dialog';
import { ApiError } from '@/lib/client/api';
import { reportTake } from '@/lib/client/takes';
import { REPORT_REASON_MAX } from '@/lib/constants';
import { actionToken, takeToast } from '@/components/shared/take-toast';
import bodyStyles from '@/components/ui/dialog-body.module.css';
import styles from './take-dialogs.module.css';
import { Button } from '@/components/ui/button';
import { TextArea } from '@/components/ui/input';

type ReportTakeModalProps = { open: boolean; onClose(): void; takeId: string };

/** Reports a take: "Report Take", a reason of at most 400 characters, for moderators to review. */
export function ReportTakeModal({ takeId, ...props }: ReportTakeModalProps) {
  return (
    <ReportModal
      {...props}
      title="Report Take"
      question="What is wrong with this take?"
      send={(reason, token) => reportTake(takeId, { reason }, token)}
    />
  );
}

type ReportModalProps = {
  open: boolean;
  onClose(): void;
  title: string;
  question: string;
  /** Sends the report (lib/client/takes.ts or comments.ts). */
  send(reason: string, token: string): Promise<void>;
};

/** Sends a reason (at most 400 characters) for moderators to review, with the take reports' messages (docs/product.md#screens, docs/product.md#messages). */
export function ReportModal({ open, onClose, title, question, send }: ReportModalProps) {
  const { getToken } = useAuth();
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);
  const fieldId = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason.trim()) return;
    const token = await actionToken(getToken);
    if (!token) return;
    setPending(true);
    try {
      await send(reason.trim(), token);
      takeToast.success('Report submitted. Thank you!');
      setReason('');
      onClose();
    } catch (error) {
      takeToast.error(error instanceof ApiError && error.status === 429 ? error.message : 'Failed to submit report.');
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title={title} initialFocusRef={textareaRef}>
      <form onSubmit={submit} className={bodyStyles.form}>
        <label htmlFor={fieldId} className={bodyStyles.label}>
          {question}
        </label>
        <TextArea
          ref={textareaRef}
          id={fieldId}
          className={styles.textarea}
          rows={5}
          maxLength={REPORT_REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-describedby={`${fieldId}-count`}
          placeholder="Spam, harassment, something else…"
        />
        <p id={`${fieldId}-count`} className={styles.counter}>
          {reason.length}/{REPORT_REASON_MAX} characters
        </p>
        <div className={bodyStyles.actions}>
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={!reason.trim() || pending}>
            Submit Report
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
