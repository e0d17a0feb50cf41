import Link from 'next/link';
import styles from './page.module.css';

/** A take that does not exist (or was deleted): spec §2 wording, answered with status 404. */
export default function TakeNotFound() {
  return (
    <main className={`${styles.main} ${styles.missing}`}>
      <h1>No take found</h1>
      <Link href="/" className="button button-primary">
        Back to the feed
      </Link>
    </main>
  );
}
