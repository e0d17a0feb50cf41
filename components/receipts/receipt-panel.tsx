'use client';

import { useState } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { useAuthPrompt } from '@/components/modals/auth-prompt';
import { errorMessage, takeToast } from '@/components/shared/take-toast';
import { useMarks } from '@/components/shared/marks-context';
import { useToggleQueue } from '@/components/shared/use-toggle-queue';
import { ReceiptIcon } from '@/components/ui/icons/receipt';
import { ReceiptDue } from './receipt-due';
import { TrophyIcon } from '@/components/ui/icons/trophy';
import { voteOnReceipt } from '@/lib/client/takes';
import { RECEIPT_MIN_VOTES, RECEIPT_VERDICT_AFTER_MS } from '@/lib/receipts/constants';
import { formatDueDate } from '@/lib/receipts/due-date';
import { applyVote, VERDICT_LABELS, VOTE_LABELS, type ReceiptVote } from '@/lib/receipts/receipts';
import type { ReceiptState } from '@/lib/validation/receipts';
import styles from './receipts.module.css';

type ReceiptPanelProps = {
  takeId: string;
  authorId: string;
  receipt: ReceiptState;
  /** The reader's vote as the page was rendered. */
  initialVote: ReceiptVote | null;
};

/**
 * A take's receipt on its card: "Receipts due {date}" until the day comes,
 * then the Aged well / Aged poorly vote with its split, and the verdict (and
 * Called it) once it stands. A vote moves the counts at once and is replaced
 * by the server's answer, as a like is. The server decides what is open; this
 * only shows the state it sent.
 */
export function ReceiptPanel({ takeId, authorId, receipt: initial, initialVote }: ReceiptPanelProps) {
  const { status, user } = useAuth();
  const { openAuthPrompt } = useAuthPrompt();
  const marks = useMarks();
  const [receipt, setReceipt] = useState(initial);
  const changed = marks.receiptVoteOf(takeId);
  const vote = changed !== undefined ? changed : status === 'signed-in' ? initialVote : null;
  const isAuthor = status === 'signed-in' && user?._id === authorId;
  const due = formatDueDate(receipt.dueAt);
  const queue = useToggleQueue<ReceiptVote | null, ReceiptState>({
    server: initialVote,
    send: (to, _from, token) => voteOnReceipt(takeId, to as ReceiptVote, token),
    onAnswer: setReceipt,
    onFailure: (confirmed, shown, error) => {
      setReceipt((current) => ({ ...current, ...applyVote(current, shown, confirmed) }));
      marks.setReceiptVote(takeId, confirmed);
      if (error === null) openAuthPrompt('default');
      else takeToast.error(errorMessage(error, 'Your vote did not go through. Please try again.'));
    },
  });

  if (receipt.status === 'pending') return <ReceiptDue dueAt={receipt.dueAt} />;

  const cast = (choice: ReceiptVote) => {
    if (status === 'loading') return;
    if (status !== 'signed-in') {
      openAuthPrompt('default');
      return;
    }
    // The same side again changes nothing, as a take's active like does not.
    if (vote === choice) return;
    setReceipt({ ...receipt, ...applyVote(receipt, vote, choice) });
    marks.setReceiptVote(takeId, choice);
    queue(choice);
  };

  const total = receipt.agedWell + receipt.agedPoorly;
  const wellPct = total === 0 ? 0 : Math.round((receipt.agedWell / total) * 100);
  const verdictDay = formatDueDate(new Date(Date.parse(receipt.dueAt) + RECEIPT_VERDICT_AFTER_MS));

  return (
    <div className={styles.panel} data-verdict={receipt.verdict ?? undefined}>
      <div className={styles.head}>
        <p className={styles.label}>
          <ReceiptIcon size={16} />
          Receipts
        </p>
        <p className={styles.dueOn}>Due {due}</p>
      </div>

      {receipt.verdict ? (
        <div className={styles.outcome}>
          <p className={styles.verdict} data-verdict={receipt.verdict}>
            <span className="visually-hidden">Verdict: </span>
            {VERDICT_LABELS[receipt.verdict]}
          </p>
          {receipt.calledIt && (
            <p className={styles.calledIt}>
              <TrophyIcon size={16} />
              Called it
            </p>
          )}
        </div>
      ) : (
        <p className={styles.question}>
          {isAuthor ? 'The receipts are in. Other fans decide how your take aged.' : 'The receipts are in. Did this take age well?'}
        </p>
      )}

      <div className={styles.split} aria-hidden="true">
        {total > 0 && (
          <>
            <span className={styles.well} style={{ width: `${wellPct}%` }} />
            <span className={styles.poorly} style={{ width: `${100 - wellPct}%` }} />
          </>
        )}
      </div>
      <p className={styles.tally}>
        {total === 0 ? 'No votes yet' : `${receipt.agedWell} aged well · ${receipt.agedPoorly} aged poorly`}
        {!receipt.verdict && total > 0 && (
          <> · {total < RECEIPT_MIN_VOTES ? `verdict at ${RECEIPT_MIN_VOTES} votes` : `verdict on ${verdictDay}`}</>
        )}
      </p>

      {/* Nothing while the auth check runs: the author must not see buttons flash that are not theirs to press. */}
      {status !== 'loading' && !isAuthor && (
        <div className={styles.votes}>
          {(['well', 'poorly'] as const).map((choice) => (
            <button
              key={choice}
              type="button"
              className={`${styles.vote} ${styles[choice]}`}
              aria-pressed={vote === choice}
              onClick={() => cast(choice)}
            >
              {VOTE_LABELS[choice]}
              <span className={styles.voteCount}>{choice === 'well' ? receipt.agedWell : receipt.agedPoorly}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
