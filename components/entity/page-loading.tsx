import styles from './page-loading.module.css';

/** The route-level fallback while a server-rendered page loads its data. */
export function PageLoading({ text = 'Loading...' }: { text?: string }) {
  return (
    <main className="page">
      <p className={styles.loading} role="status">
        {text}
      </p>
    </main>
  );
}
