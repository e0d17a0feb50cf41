import { ReceiptIcon } from '@/components/ui/icons/receipt';
import { formatDueDate } from '@/lib/receipts/due-date';
import styles from './receipt-due.module.css';

/**
 * A receipt before its day: one line that nothing on the page can change (the server opens the vote), so a card
 * shows it without loading the panel's code (components/receipts/receipt-panel.tsx, for open and decided receipts).
 */
export function ReceiptDue({ dueAt }: { dueAt: string }) {
  return (
    <p className={styles.due}>
      <ReceiptIcon size={16} />
      <span>Receipts due {formatDueDate(dueAt)}</span>
    </p>
  );
}
