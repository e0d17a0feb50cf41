import styles from './league.module.css';

/** The server's message for a refused change, announced as it appears. */
export function FormError({ error }: { error: string | null }) {
  return error ? (
    <p className={styles.error} role="alert">
      {error}
    </p>
  ) : null;
}
