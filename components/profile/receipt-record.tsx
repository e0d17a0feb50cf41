import { TrophyIcon } from '@/components/ui/icons/trophy';
import type { ReceiptRecord as RecordCounts } from '@/lib/validation/receipts';
import styles from './receipt-record.module.css';

const STATS: { key: keyof RecordCounts; label: string }[] = [
  { key: 'calledIt', label: 'Called it' },
  { key: 'agedWell', label: 'Aged well' },
  { key: 'agedPoorly', label: 'Aged poorly' },
  { key: 'pending', label: 'Pending' },
];

/** An author's receipts record: how their takes with a check-back date turned out. */
export function ReceiptRecord({ record }: { record: RecordCounts }) {
  return (
    <section className={styles.record} aria-labelledby="receipts-record">
      <h2 id="receipts-record" className={styles.title}>
        <TrophyIcon size={18} />
        Receipts record
      </h2>
      <dl className={styles.stats}>
        {STATS.map(({ key, label }) => (
          <div key={key} className={styles.stat} data-stat={key}>
            <dt>{label}</dt>
            <dd>{record[key]}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.note}>Aged well includes every take that was called. Fans vote from each take&apos;s check-back date.</p>
    </section>
  );
}
