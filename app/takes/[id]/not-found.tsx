import Link from 'next/link';
import { HiddenTakeGate } from '@/components/moderation/hidden-take-gate';
import styles from './page.module.css';

/**
 * A take that does not exist (or was deleted): docs/product.md#screens wording, answered with
 * status 404. A take moderation hid answers the same, except to its author and
 * the admins, whose browser then shows it with its notice (HiddenTakeGate).
 */
export default function TakeNotFound() {
  return (
    <HiddenTakeGate className={styles.main}>
      <main className={`${styles.main} ${styles.missing}`}>
        <h1>No take found</h1>
        <Link href="/" className="button button-primary">
          Back to the feed
        </Link>
      </main>
    </HiddenTakeGate>
  );
}
