import Link from 'next/link';
import styles from './logo.module.css';

/** The wordmark, linking home; `large` on the screens that have no site header. */
export function Logo({ large = false }: { large?: boolean }) {
  return (
    <Link href="/" className={`${styles.logo} ${large ? styles.large : ''}`}>
      <span className={styles.mark} aria-hidden="true" />
      Takes
    </Link>
  );
}
